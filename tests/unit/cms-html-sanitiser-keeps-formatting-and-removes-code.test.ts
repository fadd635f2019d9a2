// The CMS HTML sanitiser on its own: what it keeps (formatting, lists, headings, safe links and
// images), what it removes (anything that runs code or leaves the site unannounced), and that it is
// stable. Moved here from tests/server/cms.test.ts: it needs no server.
import { describe, expect, it } from 'vitest';
import { sanitizeCmsHtml } from '#server/cms-sanitize.ts';

describe('sanitizeCmsHtml', () => {
  it('keeps formatting, lists, headings, safe links and images', () => {
    const html =
      '<h3>Title</h3><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<a href="/earn/bonus">rel</a><a href="https://x.example/a?b=1&amp;c=2">abs</a><a href="mailto:a@x.example">m</a>' +
      '<a href="tel:+18005550111">t</a><img src="/media/a.png" alt="A"><img src="https://x.example/b.png" alt="B" />';
    expect(sanitizeCmsHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it('removes what could run code or leave the site unannounced', () => {
    const out = sanitizeCmsHtml(
      '<a href="//evil.example/x">pr</a><a href=" JaVaScRiPt:alert(1)">js</a><a href="vbscript:x">vb</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"><svg><script>alert(1)</script></svg><object data="x"></object>' +
        '<form action="/x"><input name="q"></form><div style="background:url(javascript:x)">s</div>',
    );
    expect(out).toBe('<a>pr</a><a>js</a><a>vb</a><img alt="d" /><div>s</div>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeCmsHtml('<p title="x">Tom & Jerry < 3 <a href="/a" target="_blank">go</a></p>');
    expect(sanitizeCmsHtml(once)).toBe(once);
    expect(once).toContain('rel="noopener noreferrer"');
  });
});
