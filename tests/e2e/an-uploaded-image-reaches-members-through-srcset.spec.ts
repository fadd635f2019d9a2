// An editor uploads an image, puts it in a banner, is told to add alt text before it can be
// published, sets alt text and the focal point, publishes, and members get it as a <picture> whose
// srcset gives a phone a small AVIF and a desktop a larger one, cropped around the focal point, the
// hero loaded first. The library lists where the image is used and refuses to delete it meanwhile.
import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'metro';

/** A 2400 x 1600 photo-like JPEG (gradients), a realistic hero upload. */
async function heroPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 120 + ((x + y) % 40);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The hero's image as an anonymous member sees it at this viewport. */
async function memberHero(browser: Browser, width: number, deviceScaleFactor: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor });
  const page = await context.newPage();
  await page.goto(url(PARTNER, '/'));
  const img = page.locator('[data-banner-slug="credits-hero"] picture img');
  await expect(img).toHaveAttribute('alt', 'Steaming bowls of ramen on a counter');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // The page arrives rendered by the server and the focal point is set when it hydrates (a style
  // attribute in server HTML is refused by the CSP): the picture can be complete before that.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => getComputedStyle(el).objectPosition)).not.toBe('50% 50%');
  const seen = await img.evaluate((el: HTMLImageElement) => ({
    currentSrc: el.currentSrc,
    loading: el.getAttribute('loading'),
    fetchPriority: el.getAttribute('fetchpriority'),
    objectPosition: getComputedStyle(el).objectPosition,
    width: el.getAttribute('width'),
    height: el.getAttribute('height'),
    sources: [...(el.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.type),
  }));
  await context.close();
  return seen;
}

test('upload, alt text and focal point, use in a banner, publish: members get it through srcset', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, '/editor/content/home/credits-hero'));
  const main = page.getByRole('main');
  const field = main.getByRole('group', { name: 'Picture' });
  await expect(field.getByLabel('Image path')).toHaveValue('/media/merchants/10004/promo.svg');
  await field.getByRole('button', { name: 'Choose from the library…' }).click();

  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByLabel('Choose files').setInputFiles({ name: 'ramen.jpg', mimeType: 'image/jpeg', buffer: await heroPhoto() });
  await expect(picker.getByRole('list', { name: 'Uploads' })).toContainText('Added to the library', { timeout: 60_000 });
  const details = picker.getByRole('complementary', { name: 'Image details' });
  await expect(details.getByRole('heading', { name: 'ramen.jpg' })).toBeVisible();
  await details.getByRole('button', { name: 'Use this image' }).click();
  await expect(picker).toBeHidden();
  await expect(field.getByText('ramen.jpg')).toBeVisible();
  await expect(field.getByText(/No alt text: publishing an entry with this image is refused/)).toBeVisible();

  // Refused without alt text, said at the field.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'before publishing' })).toContainText('needs alt text before it can be published');
  await expect(page.getByText('Published. Members see the change now.')).toHaveCount(0);

  // Alt text and focal point in the library's details.
  await field.getByRole('button', { name: 'Alt text and focal point…' }).click();
  await expect(picker.getByRole('heading', { name: 'ramen.jpg' })).toBeVisible();
  await picker.getByRole('textbox', { name: 'Alt text' }).fill('Steaming bowls of ramen on a counter');
  const focal = picker.getByRole('button', { name: /^Focal point at 50% across, 50% down/ });
  const box = (await focal.boundingBox())!;
  await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.7 } });
  await expect(picker.getByRole('button', { name: /^Focal point at 2[4-6]% across, (69|70|71)% down/ })).toBeVisible();
  await picker.getByRole('button', { name: 'Save details' }).click();
  await expect(picker.getByText('Saved. Entries get it with their next publish.')).toBeVisible();
  await expectAxeClean(page, 'image picker with details');
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(field.getByText('Alt text: Steaming bowls of ramen on a counter')).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();

  // Members: a phone at 375 px (2x) and a desktop at 1280 px get AVIF variants of different widths.
  const phone = await memberHero(browser, 375, 2);
  const desktop = await memberHero(browser, 1280, 1);
  for (const seen of [phone, desktop]) {
    expect(seen.sources).toEqual(['image/avif', 'image/webp']);
    expect([seen.width, seen.height]).toEqual(['2400', '1600']);
    expect(seen.loading).toBe('eager');
    expect(seen.fetchPriority).toBe('high');
    expect(seen.objectPosition).toMatch(/^2[4-6](\.\d+)?% (69|70|71)(\.\d+)?%$/);
  }
  const widthOf = (src: string) => Number(/\/media\/lib\/[0-9a-f]{64}\/(\d+)\.avif$/.exec(src)?.[1]);
  // 375 px at 2x wants about 710 px: the 960 variant; 1280 px at 1x shows about 584 px: the 640 one.
  expect(widthOf(phone.currentSrc)).toBe(960);
  expect(widthOf(desktop.currentSrc)).toBe(640);

  // The library knows where it is used and will not delete it.
  await page.goto(url(PARTNER, '/editor/media'));
  const grid = page.getByRole('list', { name: 'Media library' });
  await grid.getByRole('button', { name: /ramen\.jpg/ }).click();
  const libraryDetails = page.getByRole('complementary', { name: 'Image details' });
  await expect(libraryDetails.getByRole('heading', { name: 'Used in 1 entry' })).toBeVisible();
  await expect(libraryDetails.getByRole('link', { name: 'Home: Hero with sign-up (visitors)' })).toHaveAttribute(
    'href',
    '/editor/content/home/credits-hero',
  );
  await libraryDetails.getByRole('button', { name: 'Delete image' }).click();
  await libraryDetails.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(libraryDetails.getByRole('alert')).toHaveText('This image is used in 1 entry. Remove it there first.');
  await expect(grid.getByRole('button', { name: /ramen\.jpg/ })).toBeVisible();
  await expectAxeClean(page, 'media library');
});
