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
  const list = Array.isArray(layout.blocks) ? (layout.blocks as unknown[]) : [];
  const blocks: Record<string, unknown> = {};
  const order: string[] = [];
  list.forEach((item, index) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const { id: rawId, ...rest } = entry;
    let id = typeof rawId === 'string' && rawId ? rawId : `block${index + 1}`;
    while (id in blocks) id = `${id}_${index + 1}`;
    blocks[id] = rest;
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
  let version = typeof layout.version === 'number' ? layout.version : 0;
  for (const step of LAYOUT_MIGRATIONS) {
    if (step.from === version) {
      layout = step.migrate(layout);
      version = step.to;
    }
  }
  return layout;
}
