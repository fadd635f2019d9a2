// Ordered, pure upgrades of stored layouts to the current version (Puck's `migrate`).
// Old CMS drafts and published versions are upgraded when read; nothing is rewritten in place.

export const CURRENT_LAYOUT_VERSION = 1;

interface Migration {
  from: number;
  to: number;
  migrate(layout: Record<string, unknown>): Record<string, unknown>;
}

/** v0 (no version): `blocks` was an array of {id?, type, props}; order was implied by position. */
function v0ToV1(layout: Record<string, unknown>): Record<string, unknown> {
  // Without a blocks array this is not a v0 layout but a broken one: leave it for validation to report
  // (upgrading it would turn, say, `{}` into a valid empty page and hide the fault).
  if (!Array.isArray(layout.blocks)) return layout;
  const list = layout.blocks as unknown[];
  const blocks: Record<string, unknown> = {};
  const order: string[] = [];
  list.forEach((item, index) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const { id: rawId, ...rest } = entry;
    let id = typeof rawId === 'string' && rawId ? rawId : `block${index + 1}`;
    // hasOwn, not `in`: ids like "constructor" are ordinary ids, not duplicates of Object.prototype.
    while (Object.hasOwn(blocks, id)) id = `${id}_${index + 1}`;
    Object.defineProperty(blocks, id, { value: rest, enumerable: true, writable: true, configurable: true });
    order.push(id);
  });
  const { blocks: _old, ...others } = layout;
  return { ...others, version: 1, blocks, order };
}

export const LAYOUT_MIGRATIONS: readonly Migration[] = [{ from: 0, to: 1, migrate: v0ToV1 }];

/** Upgrades a raw layout; values that are not objects are returned unchanged for validation to reject. */
export function migrateLayout(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let layout = raw as Record<string, unknown>;
  // Only an absent version means v0; a present non-number ("1", null) is left for validation to reject.
  if (layout.version !== undefined && typeof layout.version !== 'number') return layout;
  let version = typeof layout.version === 'number' ? layout.version : 0;
  for (const step of LAYOUT_MIGRATIONS) {
    if (step.from !== version) continue;
    const next = step.migrate(layout);
    // A step that declines (not the shape it upgrades) leaves the rest of the chain nothing to do.
    if (next === layout) break;
    layout = next;
    version = step.to;
  }
  return layout;
}
