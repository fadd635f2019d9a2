// Every demo partner's home page loads in a real browser: branded title, content, no console errors.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { clientAddress } from './auth-helpers.ts';

import { PORT as port } from './worker-server.ts';

const partnersDir = resolve(import.meta.dirname, '../../partners');
const PARTNERS = ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'];

function programName(id: string): string {
  const own = JSON.parse(readFileSync(join(partnersDir, id, 'partner.json'), 'utf8')) as { programName?: string };
  const base = JSON.parse(readFileSync(join(partnersDir, '_base', 'partner.json'), 'utf8')) as { programName: string };
  return own.programName ?? base.programName;
}

// A visitor of its own: per-address limits (impressions) are not shared with the tests running beside it.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

for (const id of PARTNERS) {
  test(`${id}: home page loads with its programme name and no console errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      errors.push(`console: ${message.text()} (${message.location().url})`);
    });

    const response = await page.goto(`http://${id}.localhost:${port}/`);
    expect(response?.status()).toBe(200);
    const name = programName(id);
    await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
