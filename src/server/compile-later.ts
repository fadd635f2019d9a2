// What Fastify would compile for every route at start, compiled on first use instead
// (lazy-serializers.ts, lazy-validators.ts). Keeps the ones not compiled yet, so a test can compile
// them all and a broken schema still fails somewhere before a member meets it.
export class CompileLater {
  private readonly waiting = new Set<() => unknown>();

  /** A getter that runs `compile` on its first call and returns that result ever after. */
  once<T>(compile: () => T): () => T {
    let done: { value: T } | undefined;
    const get = (): T => {
      if (!done) {
        this.waiting.delete(get);
        done = { value: compile() };
      }
      return done.value;
    };
    this.waiting.add(get);
    return get;
  }

  /** Compiles every one not compiled yet; returns how many. */
  compileAll(): number {
    const all = [...this.waiting];
    for (const compile of all) compile();
    return all.length;
  }
}
