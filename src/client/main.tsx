import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { SERVER_RENDERED_ATTRIBUTE } from '#shared/server-render.ts';
import { checkBootstrapWhenIdle, loadBootstrap } from './api/bootstrap.ts';
import { App } from './app/App.tsx';
import { PUBLIC_ID_PARAM, readPublicId } from './features/session/public-id.ts';
import { detectNativeApp, isStandalonePwa } from './lib/device.ts';
import { trustCheckedLayouts } from './page/checked-layouts.ts';

const container = document.getElementById('root')!;

/**
 * The server renders a page as an anonymous visitor in a browser tab sees it (server-render.tsx). A
 * visitor it cannot know about (the native app's wrapper, an installed PWA, a known member's public
 * id in the address or a cookie) may see other blocks (`when` targeting): their browser renders the
 * page afresh instead of hydrating one that is not theirs.
 */
function hydratable(): boolean {
  if (!container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return false;
  if (detectNativeApp(navigator.userAgent) !== null || isStandalonePwa()) return false;
  return new URLSearchParams(window.location.search).get(PUBLIC_ID_PARAM) === null && readPublicId() === null;
}

loadBootstrap().then(
  (bootstrap) => {
    trustCheckedLayouts(bootstrap);
    if (hydratable()) hydrateRoot(container, <App bootstrap={bootstrap} />);
    else {
      container.replaceChildren();
      createRoot(container).render(<App bootstrap={bootstrap} />);
    }
    void checkBootstrapWhenIdle(bootstrap);
  },
  (error: unknown) => {
    console.error(error);
    container.textContent = 'Something went wrong. Please refresh the page and try again.';
  },
);
