// Pages reserve the partner logo's box before the file arrives (a logo of unknown width
// made the header wrap differently once it loaded, moving the page): the partner bundle carries the
// logo's intrinsic size, from the theme or else from the SVG itself.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPartner, svgSize } from '#server/partners/registry.ts';

const partnersDir = join(import.meta.dirname, '../../partners');

describe('logo size', () => {
  it('is read from the SVG file of each demo partner', () => {
    const skyline = loadPartner(partnersDir, 'skyline').bundle!;
    expect(skyline.theme.logo).toMatchObject({ src: '/partner-assets/skyline/logo.svg', width: 277, height: 48 });
    const harbor = loadPartner(partnersDir, 'harbor').bundle!;
    expect(harbor.theme.logo).toMatchObject({ width: 238, height: 48 });
  });

  it('takes width and height in px, else the viewBox, and nothing unusable', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40px" viewBox="0 0 12 4">')).toEqual({
      width: 120,
      height: 40,
    });
    expect(svgSize('<?xml version="1.0"?>\n<svg\n  viewBox="0 0 300.4 60"\n  width="100%">')).toEqual({ width: 300, height: 60 });
    expect(svgSize('<svg width="10em" height="2em">')).toBeNull();
    expect(svgSize('<svg viewBox="0 0 0 0">')).toBeNull();
    expect(svgSize('<svg viewBox="0 0 99999 10">')).toBeNull();
    expect(svgSize('not an svg')).toBeNull();
  });
});
