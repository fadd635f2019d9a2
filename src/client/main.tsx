import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import './styles/global.css';
import { QUERY_STATE_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from '#shared/server-render.ts';
import { checkBootstrapWhenIdle, loadBootstrap } from './api/bootstrap.ts';
import { App, createQueryClient } from './app/App.tsx';
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

/**
 * The query client, holding what the server already asked its API for this page (a merchant, the
 * first page of search results: the JSON element server-render.tsx's `queries` fills), so the
 * hydrated blocks find their data and make no request for it.
 */
function queryClientWithServerAnswers() {
  const client = createQueryClient();
  const text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  if (text) hydrate(client, JSON.parse(text) as DehydratedState);
  return client;
}

loadBootstrap().then(
  (bootstrap) => {
    trustCheckedLayouts(bootstrap);
    if (hydratable()) hydrateRoot(container, <App bootstrap={bootstrap} queryClient={queryClientWithServerAnswers()} />);
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
