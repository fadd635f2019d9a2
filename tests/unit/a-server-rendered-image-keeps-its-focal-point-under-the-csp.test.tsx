// @vitest-environment happy-dom
// A library image's focal point reaches members on a server-rendered page. The CSP's style-src has no
// 'unsafe-inline', so a style attribute in the server's HTML would be refused, and hydration does not
// set it again: the crop would fall back to the centre. The position is set on the element instead.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';

const image = {
  asset: 'a1',
  sha256: 'a'.repeat(64),
  width: 2400,
  height: 1600,
  widths: [320, 640, 960],
  alt: 'Ramen',
  focal: { x: 25, y: 70 },
};

describe('a server-rendered library image', () => {
  it('has no style attribute in the server HTML, and its focal point once hydrated', async () => {
    const element = <ResponsiveImage image={image} sizes="100vw" width={0} height={0} />;
    const html = renderToString(element);
    expect(html).not.toMatch(/\sstyle="/);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, element);
    });
    expect(container.querySelector('img')!.style.objectPosition).toBe('25% 70%');
    container.remove();
  });
});
