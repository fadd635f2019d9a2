// Every entry every partner is seeded with passes the check publishing runs (schema, block props,
// link rule with the partner's routes, merchants and earn pages): what members see could be published
// again by an editor, and a rollback to it is never refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPartner, listPartnerIds } from '#server/partners/registry.ts';
import { checkEntry } from '#server/cms-entry-check.ts';
import { availableRoutes } from '#shared/routes.ts';
import { isCmsContentName } from '#shared/cms.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('seeded content', () => {
  it('has no problem that would keep it from going live, for any partner', async () => {
    const found: string[] = [];
    let checked = 0;
    for (const partnerId of listPartnerIds(t.config.partnersDir)) {
      const { bundle } = loadPartner(t.config.partnersDir, partnerId);
      if (!bundle) throw new Error(`partner ${partnerId} does not load`);
      const scope = { partnerId, routes: availableRoutes(bundle.config, { production: true }), config: bundle.config };
      const { rows } = await t.db.query<{ grp: string; slug: string; fields: unknown }>(
        `select e.grp, e.slug, coalesce(e.draft, v.fields) as fields from cms_entries e
           left join lateral (select fields from cms_versions where partner_id = e.partner_id and grp = e.grp and slug = e.slug
                               order by version desc limit 1) v on true
          where e.partner_id = $1`,
        [partnerId],
      );
      for (const row of rows) {
        const contentName = row.grp === 'global' ? '*' : row.grp;
        if (!isCmsContentName(contentName)) continue;
        checked++;
        for (const p of await checkEntry(t.db, scope, contentName, row.slug, row.fields)) {
          found.push(`${partnerId}/${row.grp}/${row.slug}#${p.pointer}: ${p.message}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
