// One banner entry of the home or discover CMS group (spec 000 §3), shown only to visitors whose
// user_states it lists. Its content items render in banner_text order; the category picks the
// look; show_prospect_form adds the email-only prospect form (which itself shows only to
// anonymous visitors of direct-enrolment partners).
import type { ReactNode } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { BannerContent, CmsBannerFields, CmsBannerProps } from '#shared/generated/types.ts';
import { substitute } from '#shared/copy.ts';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { userStatesOf } from '#shared/visitor.ts';
import { useCmsEntry, useCopy, useRuntime, useVisitor } from '#client/runtime/index.tsx';
import { EditableText } from '#client/ui/EditableText.tsx';
import { BREAKPOINTS, useIsDesktop } from '#client/lib/useMediaQuery.ts';
import { useAboveFold } from '#client/ui/block-position.tsx';
import { MerchantCarousel } from '#client/features/merchants/index.ts';
import { ProspectForm } from '#client/features/enrolment/index.ts';
import styles from './CmsBanner.module.css';

/** Desktop copy (text_desktop) from the 861 px breakpoint up, mobile copy (text_mobile) below it. */
export const DESKTOP_MIN_WIDTH = BREAKPOINTS.desktop;

type Item = BannerContent;
type ActionItem = Item & { type: 'button' | 'standalone_link' };

/** CMS urls: in-app paths, web, mail and phone links; anything else (javascript:, data:) is dropped. */
const safeUrl = safeCmsUrl;

function BannerLink({ item, text, className }: { item: ActionItem; text: string; className: string | undefined }) {
  const url = safeUrl(item.fields.url);
  if (!url) return null;
  const newTab = item.fields.new_tab === true;
  const target = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const arrow = item.type === 'standalone_link' && (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
  const label = (
    <>
      {text}
      {arrow}
      {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
    </>
  );
  return url.startsWith('/') ? (
    <Link to={url} className={className} {...target}>
      {label}
    </Link>
  ) : (
    <a href={url} className={className} {...target}>
      {label}
    </a>
  );
}

function isAction(item: Item): item is ActionItem {
  return item.type === 'button' || item.type === 'standalone_link';
}

export function CmsBanner({ slug, group = 'home' }: CmsBannerProps) {
  const entry = useCmsEntry(group, slug);
  const visitor = useVisitor();
  const { placeholders } = useRuntime();
  const copy = useCopy();
  const desktop = useIsDesktop();
  const aboveFold = useAboveFold();
  if (!entry) return null;

  const fields = entry.fields as Partial<CmsBannerFields>;
  if (!Array.isArray(fields.user_states) || !Array.isArray(fields.banner_text)) return null;
  const states = userStatesOf(visitor);
  if (!fields.user_states.some((state) => states.includes(state))) return null;

  /** The field an item shows at this width: a carousel's desktop text is never used (spec 000 §3); other items fall back to the other text. */
  const fieldOf = (item: Item): 'text_desktop' | 'text_mobile' => {
    const { text_desktop: desktopText, text_mobile: mobileText } = item.fields;
    if (item.type === 'merchant_carousel') return 'text_mobile';
    if (desktop) return desktopText !== undefined || mobileText === undefined ? 'text_desktop' : 'text_mobile';
    return mobileText !== undefined || desktopText === undefined ? 'text_mobile' : 'text_desktop';
  };
  const rawOf = (item: Item): string => item.fields[fieldOf(item)]?.trim() ?? '';
  const textOf = (item: Item): string => substitute(rawOf(item), placeholders);
  /** A title or body text: editable in place in the page editor's preview. */
  const editable = (item: Item, i: number) => (
    <EditableText text={textOf(item)} raw={rawOf(item)} entry={{ group, slug }} pointer={`/banner_text/${i}/fields/${fieldOf(item)}`} />
  );

  const items = fields.banner_text;
  const lastTextIndex = items.reduce((last, item, i) => (item.type === 'merchant_carousel' ? last : i), -1);
  const hasCarousel = items.some((item) => item.type === 'merchant_carousel');
  const image = safeUrl(fields.image);
  const category = fields.category ?? 'earn';
  const form = fields.show_prospect_form ? <ProspectForm key="prospect-form" embedded /> : null;

  const children: ReactNode[] = [];
  let titles = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (isAction(item)) {
      // Consecutive buttons and links share one row.
      const run: ReactNode[] = [];
      let j = i;
      for (; j < items.length && isAction(items[j]!); j++) {
        const action = items[j] as ActionItem;
        const text = textOf(action);
        if (text) {
          run.push(
            <BannerLink key={j} item={action} text={text} className={action.type === 'button' ? styles.button : styles.standaloneLink} />,
          );
        }
      }
      if (run.length)
        children.push(
          <div key={`actions-${i}`} className={styles.actions}>
            {run}
          </div>,
        );
      if (form && lastTextIndex >= i && lastTextIndex < j) children.push(form);
      i = j - 1;
      continue;
    }
    if (item.type === 'merchant_carousel') {
      const headline = substitute(
        item.fields.headline?.trim() || copy('merchantCarousel.defaultHeadline', 'Restaurants near you'),
        placeholders,
      );
      const body = textOf(item);
      children.push(<MerchantCarousel key={i} embedded headline={headline} query={item.fields.query ?? ''} {...(body ? { body } : {})} />);
    } else {
      const text = textOf(item);
      if (text) {
        if (item.type === 'title') {
          const Heading = titles++ === 0 ? 'h2' : 'h3';
          children.push(
            <Heading key={i} className={styles.title}>
              {editable(item, i)}
            </Heading>,
          );
        } else {
          children.push(
            <p key={i} className={styles.bodyText}>
              {editable(item, i)}
            </p>,
          );
        }
      }
    }
    if (form && i === lastTextIndex) children.push(form);
  }
  if (form && lastTextIndex === -1) children.unshift(form);

  const classes = [styles.banner, styles[category], image ? styles.withImage : '', hasCarousel ? styles.withCarousel : '']
    .filter(Boolean)
    .join(' ');
  return (
    <section className={styles.section} data-banner-slug={slug}>
      <div className="container">
        <div className={classes}>
          {image && (
            <div className={styles.media}>
              {/* At the top of the page the banner image is the largest paint: loaded at once and
                  first. The size reserves its box (CSS fits it to the banner) so nothing shifts. */}
              <img
                src={image}
                alt=""
                className={styles.image}
                width={1200}
                height={800}
                {...(aboveFold ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy' })}
                decoding="async"
              />
            </div>
          )}
          <div className={styles.content}>{children}</div>
        </div>
      </div>
    </section>
  );
}
