// No page moves under the visitor while it loads (the footer used to render at the top of
// the empty page and jump down when the content came, 0.45-0.69 of layout shift). Every page kind of
// every partner is loaded the way Lighthouse's mobile run sees it (a 412 px phone, the CPU slowed
// 4x, a cold cache), and the layout-shift entries the browser reports (PerformanceObserver, the
// figure CLS is made of) are summed, the frames' with the page's, until the page has settled: at
// most 0.02 per page.
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInSso, url } from './frame-helpers.ts';
import { ALL_PARTNERS, enrollmentOf, pageKinds, type Partner } from './page-kinds.ts';

const BUDGET = 0.02;

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

interface Shift {
  value: number;
  moved: string[];
}

/** Loads the address and returns the layout shifts the page made (none caused by input). */
async function shiftsWhileLoading(page: Page, address: string): Promise<Shift[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; moved: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : (node?.nodeName ?? '?');
          const text = (node?.textContent ?? '').trim().slice(0, 40);
          return `${name} "${text}" y ${Math.round(source.previousRect.y)} -> ${Math.round(source.currentRect.y)}`;
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(address, { waitUntil: 'networkidle' });
  // Parts that arrive after the network is quiet (frames reporting their size, the captcha widget).
  await page.waitForTimeout(1000);
  // Shifts inside a frame (the secure card-entry frame) count too, as they do in Lighthouse's CLS:
  // the init script runs in every frame, each keeping its own list.
  const perFrame = await Promise.all(
    page.frames().map(async (frame) => {
      const shifts = await frame.evaluate(() => (window as unknown as { __shifts?: Shift[] }).__shifts ?? []).catch(() => []);
      const where = frame === page.mainFrame() ? '' : `in frame ${new URL(frame.url()).pathname}: `;
      return shifts.map((shift) => ({ value: shift.value, moved: shift.moved.map((what) => where + what) }));
    }),
  );
  return perFrame.flat();
}

function expectStill(shifts: Shift[], what: string): void {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  test.info().annotations.push({ type: 'layout shift', description: `${what}: ${total.toFixed(4)}` });
  const detail = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.moved.join('; ')}`).join('\n');
  expect(total, `${what} moved while loading:\n${detail}`).toBeLessThanOrEqual(BUDGET);
}

for (const partner of ALL_PARTNERS) {
  for (const { kind, path, signedIn } of pageKinds(partner)) {
    test(`${partner} ${kind} (${path}) shifts by at most ${BUDGET} while it loads${signedIn ? ', signed in' : ''}`, async ({ page }) => {
      if (signedIn) await signInCardMember(page, partner);
      expectStill(await shiftsWhileLoading(page, url(partner, path)), `${partner} ${path}`);
    });
  }
}

async function signInCardMember(page: Page, partner: Partner): Promise<void> {
  const email = `card2@${partner}.example`;
  if (enrollmentOf(partner) === 'sso') {
    await signInSso(page, partner, email);
    // A fresh page for the measurement: the sign-in's own page must not add its shifts.
    await page.goto('about:blank');
  } else {
    await signIn(page.request, partner, email);
  }
}
