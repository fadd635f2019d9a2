// The media library takes images by file chooser, drag and drop and several at once, each
// with its own progress; the type is the bytes' (a PNG named .jpg is a PNG), a text file named .png,
// an SVG and an 11 MB file are refused with messages naming them, and the same file twice is stored once.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAxeClean, signInToEditor } from './editor-helpers.ts';

const PARTNER = 'greenleaf';

const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Drops files on the drop zone as a browser does when files are dragged onto it. */
async function drop(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await page.getByRole('region', { name: 'Upload images' }).evaluate(
    (zone, list) => {
      const transfer = new DataTransfer();
      for (const f of list)
        transfer.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, data: f.buffer.toString('base64') })),
  );
}

test('uploads by chooser and drop, reads the type from the bytes, refuses what it must, stores a file once', async ({ page }) => {
  await signInToEditor(page, PARTNER);
  await page.getByRole('link', { name: 'Media', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await expect(page.getByText(/of 500 MB used/)).toBeVisible();
  const uploads = page.getByRole('list', { name: 'Uploads' });
  const grid = page.getByRole('list', { name: 'Media library' });

  // By the chooser: several files at once, a PNG among them named .jpg.
  const png = await sharp({ create: { width: 500, height: 200, channels: 4, background: '#2a7' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'salad.jpg', mimeType: 'image/jpeg', buffer: await photo(1400, 900, '#7a4') },
    { name: 'really-a-png.jpg', mimeType: 'image/jpeg', buffer: png },
  ]);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'salad.jpg' })).toContainText('Added to the library');
  await expect(uploads.getByRole('listitem').filter({ hasText: 'really-a-png.jpg' })).toContainText('Added to the library');
  await expect(grid.getByRole('button', { name: /really-a-png\.jpg/ })).toBeVisible();
  const details = page.getByRole('complementary', { name: 'Image details' });
  await expect(details.getByRole('heading', { name: /\.jpg/ })).toBeVisible();
  await grid.getByRole('button', { name: /really-a-png\.jpg/ }).click();
  await expect(details.getByText('PNG, 500 × 200')).toBeVisible();

  // By drag and drop.
  await drop(page, [{ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 900, '#c63') }]);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'soup.jpg' })).toContainText('Added to the library');
  await expect(grid.getByRole('button', { name: /soup\.jpg/ })).toBeVisible();
  await expect(page.getByText('3 images')).toBeVisible();

  // Refused, each with its reason.
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Shopping list: eggs, milk, bread\n'.repeat(20)) },
    {
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    },
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) },
  ]);
  await expect(uploads.getByRole('alert').filter({ hasText: 'notes.png' })).toHaveText(
    'notes.png is not an image. Upload a JPEG, PNG, WebP, AVIF or GIF image.',
  );
  await expect(uploads.getByRole('alert').filter({ hasText: 'logo.svg' })).toHaveText(
    'logo.svg is an SVG image, which is not accepted (SVG can carry scripts). Export it as PNG or WebP and upload that.',
  );
  await expect(uploads.getByRole('alert').filter({ hasText: 'huge.jpg' })).toHaveText('huge.jpg is larger than 10 MB.');

  // The same file again (under another name) is the image already there.
  await drop(page, [{ name: 'soup-again.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 900, '#c63') }]);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'soup-again.jpg' })).toContainText('Already in the library');
  await expect(page.getByText('3 images')).toBeVisible();
  await expect(grid.getByRole('button', { name: /soup-again/ })).toHaveCount(0);
  await expect(details.getByRole('heading', { name: 'soup.jpg' })).toBeVisible();

  // Search and the used filter.
  await page.getByLabel('Search by name or alt text').fill('SALAD');
  await expect(grid.getByRole('button')).toHaveCount(1);
  await page.getByLabel('Search by name or alt text').fill('');
  await page.getByLabel('Show').selectOption('used');
  await expect(page.getByText('No image matches.')).toBeVisible();
  await page.getByLabel('Show').selectOption('all');
  await expectAxeClean(page, 'media library with uploads and refusals');
});
