// @vitest-environment happy-dom
// The shared CMS link rule (src/shared/safe-url.ts) and the client not rendering a stored bad link.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { safeCmsUrl } from '#shared/safe-url.ts';
import { FrameLink } from '#client/features/frame/FrameLink.tsx';

afterEach(cleanup);

describe('safeCmsUrl', () => {
  it.each(['https://a.example/x', 'http://a.example', 'MAILTO:x@y.example', 'tel:+1800', '/search', 'earn/bonus', '#top', '?q=1'])(
    'allows %j',
    (url) => {
      expect(safeCmsUrl(url)).toBe(url);
    },
  );
  it.each([
    'javascript:alert(1)',
    '  javascript:alert(1)',
    'java\nscript:alert(1)',
    'JAVASCRIPT:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example',
    '/\\evil.example',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeCmsUrl(url)).toBeNull();
  });
});

describe('FrameLink', () => {
  it('renders safe links and drops a stored javascript: link', () => {
    render(
      <MemoryRouter>
        <FrameLink url="/search">Find</FrameLink>
        <FrameLink url="https://example.com">Out</FrameLink>
        <FrameLink url="javascript:alert(1)">Evil</FrameLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Find' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'Out' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.queryByText('Evil')).toBeNull();
  });
});
