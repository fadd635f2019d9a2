// In-memory cache of published CMS responses per (partner, group, page, page_size).
//
// Publish and rollback in this process invalidate a group's entries at once. Several server
// instances may share one database, and a publish on another instance cannot reach this cache, so
// every entry also expires TTL_MS (1 s) after it was filled: other instances show a publish within
// a second. Drafts (preview) are never cached.
//
// Concurrent misses of one key share a single database query (the promise is cached), so a burst
// of requests right after expiry costs one query, not one per connection. The cache holds the
// serialised JSON body too, as bytes with its compressed forms (encoded-body.ts), so a hit of the
// member API costs no serialisation, encoding or compression. A refresh that finds the same content
// keeps the very same answer object: its compressed forms, and the anonymous pages made from it
// (routes/web.ts), stay valid.
//
// While the database is away (a failed read), the last good answer of the key is served instead,
// for another TTL_MS before the database is asked again: members keep seeing the content they just
// saw rather than errors. Only a key never read successfully fails.
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import type { Queryable } from './db/index.ts';
import { EncodedBody } from './encoded-body.ts';
import { listCmsPages, MAX_PAGE_SIZE, type Paging } from './repos/cms.ts';

export const TTL_MS = 1000;
/** Bounds memory when clients walk many page numbers or page sizes. */
const MAX_ENTRIES = 2000;

interface Cached {
  response: CmsPagesResponse;
  /** The same response serialised. */
  body: EncodedBody;
}

interface Entry {
  promise: Promise<Cached>;
  /** The answer, once it arrived. */
  value?: Cached;
  /** Infinity while the query runs; the TTL starts when the answer arrives. */
  expiresAt: number;
}

export class CmsCache {
  private readonly entries = new Map<string, Entry>();
  /** The last successful answer per key, kept through invalidation for outages. */
  private readonly lastGood = new Map<string, Cached>();

  constructor(private readonly db: Queryable) {}

  private static key(partnerId: string, group: string, paging: Paging): string {
    return `${partnerId}\u0000${group}\u0000${paging.page}\u0000${paging.pageSize}`;
  }

  /** Published entries of a group, from the cache when fresh. Callers must not mutate it. */
  async published(partnerId: string, group: string, paging: Paging = { page: 1, pageSize: MAX_PAGE_SIZE }): Promise<CmsPagesResponse> {
    return (await this.lookup(partnerId, group, paging)).response;
  }

  /**
   * The same as a JSON body: at once when a fresh answer is here (a hit answered in the same turn
   * costs no promise and no microtask), else once it is read.
   */
  publishedBody(partnerId: string, group: string, paging: Paging): EncodedBody | Promise<EncodedBody> {
    const key = CmsCache.key(partnerId, group, paging);
    const hit = this.entries.get(key);
    if (hit?.value && hit.expiresAt > Date.now()) return hit.value.body;
    return this.lookup(partnerId, group, paging, key).then((cached) => cached.body);
  }

  private lookup(partnerId: string, group: string, paging: Paging, key = CmsCache.key(partnerId, group, paging)): Promise<Cached> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.promise;

    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    const promise = listCmsPages(this.db, partnerId, group, false, paging).then(
      (response) => {
        const bytes = Buffer.from(JSON.stringify(response));
        const previous = this.lastGood.get(key);
        if (previous?.body.identity.equals(bytes)) return previous;
        const cached = { response, body: new EncodedBody(bytes) };
        if (!this.lastGood.has(key) && this.lastGood.size >= MAX_ENTRIES) {
          const oldest = this.lastGood.keys().next();
          if (!oldest.done) this.lastGood.delete(oldest.value);
        }
        this.lastGood.set(key, cached);
        return cached;
      },
      (error: unknown) => {
        const stale = this.lastGood.get(key);
        if (!stale) throw error;
        return stale;
      },
    );
    const entry: Entry = { promise, expiresAt: Infinity };
    this.entries.set(key, entry);
    entry.promise.then(
      (value) => {
        // Invalidation may have removed (or replaced) this entry while the query ran; then the
        // answer may predate a publish and must not be kept.
        if (this.entries.get(key) !== entry) return;
        entry.value = value;
        entry.expiresAt = Date.now() + TTL_MS;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.promise;
  }

  /** Drops every cached page of a group (after publish or rollback). */
  invalidate(partnerId: string, group: string): void {
    const prefix = `${partnerId}\u0000${group}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.lastGood.clear();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

const caches = new WeakMap<Queryable, CmsCache>();

/** The cache of one database handle (one per app; tests with their own database get their own). */
export function cmsCacheFor(db: Queryable): CmsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CmsCache(db);
    caches.set(db, cache);
  }
  return cache;
}
