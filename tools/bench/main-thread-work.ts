// What a key press costs the page's main thread, read from a Chromium trace: the CPU time of the
// tasks from the key's own task to the end of the first frame drawn after it (the key's events, the
// app's work, then style, layout, paint and layering of that frame), not the idle wait for the
// screen's next refresh in between. A frame in the same process (the editor's same-origin preview)
// runs on the same thread, so its share is counted too.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

export const KEY_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'toplevel'];

/** Milliseconds of main-thread CPU time per keydown in the trace, in order. */
export function keyWork(trace: Buffer): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);
  const keydowns = events.filter((e) => e.ph === 'X' && e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && onMain(e));
  // Each main thread's tasks and frames, by start time, gathered once for all its key presses.
  const byThread = new Map<string, { tasks: TraceEvent[]; frames: TraceEvent[] }>();
  for (const e of events) {
    if (e.ph !== 'X' || !onMain(e)) continue;
    const thread = `${e.pid}:${e.tid}`;
    const lists = byThread.get(thread) ?? { tasks: [], frames: [] };
    byThread.set(thread, lists);
    if (e.name === 'ThreadControllerImpl::RunTask') lists.tasks.push(e);
    else if (e.name === 'ProxyMain::BeginMainFrame') lists.frames.push(e);
  }
  for (const lists of byThread.values()) for (const list of [lists.tasks, lists.frames]) list.sort((x, y) => x.ts - y.ts);
  const results: number[] = [];
  for (const key of keydowns) {
    const { tasks = [], frames = [] } = byThread.get(`${key.pid}:${key.tid}`) ?? {};
    const keyTask = tasks.find((t) => t.ts <= key.ts && key.ts <= t.ts + (t.dur ?? 0));
    const frame = frames.find((e) => e.ts > key.ts);
    if (!keyTask || !frame) continue;
    const end = frame.ts + (frame.dur ?? 0);
    const work = tasks.filter((t) => t.ts >= keyTask.ts && t.ts < end).reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0);
    results.push(work / 1000);
  }
  return results;
}
