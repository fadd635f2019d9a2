// Block faults the page renderer dropped (its 'menuboard:problem' events) go to the server once,
// in small batches, so a broken layout shows up in the logs rather than only in one console.
import { apiFetch, isPlaceholderCsrf } from '#client/api/http.ts';
import { csrfReady } from '#client/api/csrf.ts';

interface Problem {
  source: string;
  pointer: string;
  message: string;
}

const BATCH_DELAY_MS = 2000;

export function startProblemReporting(): () => void {
  let queue: Problem[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    timer = undefined;
    const problems = queue.slice(0, 20);
    queue = [];
    try {
      if (isPlaceholderCsrf(await csrfReady())) return;
      await apiFetch('/api/ClientProblems', { method: 'POST', json: { path: location.pathname.slice(0, 500), problems } });
    } catch {
      // Reporting is best effort; the console already has the fault.
    }
  };
  const onProblem = (event: Event) => {
    const detail = (event as CustomEvent<Problem>).detail;
    if (!detail || typeof detail.message !== 'string') return;
    queue.push({
      source: String(detail.source).slice(0, 300),
      pointer: String(detail.pointer).slice(0, 300),
      message: detail.message.slice(0, 1000),
    });
    timer ??= setTimeout(() => void flush(), BATCH_DELAY_MS);
  };
  window.addEventListener('menuboard:problem', onProblem);
  return () => {
    window.removeEventListener('menuboard:problem', onProblem);
    if (timer !== undefined) clearTimeout(timer);
  };
}
