// The app's router link. react-router's own <Link> carries its framework mode's extras (page
// prefetch links, view-transition state) into every first route, though nothing here uses them;
// this one is built from the router's public link hooks and behaves the same for what we use: the
// href from the router, client-side navigation on a plain left click (replacing the entry when it
// is the current location), and the browser's own handling of modified clicks, other targets and
// clicks a handler prevented.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
