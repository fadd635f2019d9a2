import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '#shared/bootstrap.ts';
import { apiFetch } from './http.ts';

/** The bootstrap the server inlined into the page, or (dev server) fetched from /api/bootstrap. */
export async function loadBootstrap(): Promise<Bootstrap> {
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (element?.textContent) return JSON.parse(element.textContent) as Bootstrap;
  const preview = new URLSearchParams(window.location.search).get('preview') === '1';
  return apiFetch<Bootstrap>(`/api/bootstrap${preview ? '?preview=1' : ''}`);
}

/**
 * Checks the bootstrap against its schema (schemas/api/bootstrap.schema.json) once the page is up,
 * and reports each mismatch as block faults are reported (the 'menuboard:problem' event, sent to
 * /api/ClientProblems), so a page saved or cached before a release that changed the shape shows in
 * the server's log. Not before the first render: the validator is its own chunk, kept off the
 * first paint's path, and the page's blocks already stand behind their own boundaries.
 */
export function checkBootstrapWhenIdle(bootstrap: unknown): Promise<number> {
  return new Promise<number>((resolve) => {
    const check = () => {
      import('#shared/generated/validators/validateApiBootstrap.js').then(
        ({ validateApiBootstrap }) => {
          if (validateApiBootstrap(bootstrap)) return resolve(0);
          const errors = (validateApiBootstrap.errors ?? []).slice(0, 10);
          for (const error of errors) {
            const problem = { source: 'bootstrap', pointer: error.instancePath, message: error.message ?? 'does not match its schema' };
            console.error(`[menuboard] bootstrap: ${problem.pointer || '/'} ${problem.message}`);
            window.dispatchEvent(new CustomEvent('menuboard:problem', { detail: problem }));
          }
          resolve(errors.length);
        },
        () => resolve(0),
      );
    };
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(check, { timeout: 5000 });
    else setTimeout(check, 1000);
  });
}
