// CMS text is written without knowing what stands above it on each page (openplate's restaurant
// sidebar opened with an <h3> right under the restaurant's <h1>: Lighthouse's heading-order). A
// block that knows its place moves the text's headings so the top one has its level.
import { describe, expect, it } from 'vitest';
import { headingsFrom } from '#client/ui/CmsHtml.tsx';

describe('headingsFrom', () => {
  it('lifts a text that starts at h3 to start at h2, keeping its headings in order', () => {
    expect(headingsFrom('<h3>Before you go</h3><p>Call ahead.</p><h4 class="x">Parking</h4>', 2)).toBe(
      '<h2>Before you go</h2><p>Call ahead.</p><h3 class="x">Parking</h3>',
    );
  });

  it('lowers an h1 in the text, so the page keeps one h1', () => {
    expect(headingsFrom('<h1>Tips</h1><h2>More</h2>', 2)).toBe('<h2>Tips</h2><h3>More</h3>');
  });

  it('leaves text already at its level, text without headings and look-alike tags alone', () => {
    expect(headingsFrom('<h2>Tips</h2><h3>More</h3>', 2)).toBe('<h2>Tips</h2><h3>More</h3>');
    expect(headingsFrom('<p>No headings, <hr> and <header>.</p>', 2)).toBe('<p>No headings, <hr> and <header>.</p>');
  });

  it('never goes below h6', () => {
    expect(headingsFrom('<h2>A</h2><h6>B</h6>', 4)).toBe('<h4>A</h4><h6>B</h6>');
  });
});
