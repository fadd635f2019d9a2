// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { validateBrowseLinkProps } from '#shared/generated/validators.js';
import { problemsFrom } from '#shared/validation.ts';
import { renderWithApp } from '#tests/utils/render.tsx';
import { BrowseLink } from './BrowseLink.tsx';

afterEach(cleanup);

describe('browse-link block', () => {
  it('links to the search page by default, with its description', () => {
    renderWithApp(<BrowseLink text="Browse restaurants" description="Hundreds of places near you." />);
    expect(screen.getByRole('link', { name: 'Browse restaurants' }).getAttribute('href')).toBe('/search');
    expect(screen.getByText('Hundreds of places near you.')).toBeTruthy();
  });

  it('links where it is told to', () => {
    renderWithApp(<BrowseLink text="See what's new" to="/search?isNew=true" />);
    expect(screen.getByRole('link', { name: "See what's new" }).getAttribute('href')).toBe('/search?isNew=true');
  });

  it('accepts valid props and rejects invalid ones with a pointer', () => {
    expect(validateBrowseLinkProps({ text: 'Browse', to: '/discover' })).toBe(true);
    expect(validateBrowseLinkProps({ text: 'Browse', to: 'https://evil.example' })).toBe(false);
    expect(problemsFrom('layout', validateBrowseLinkProps.errors).map((p) => p.pointer)).toContain('/to');
    expect(validateBrowseLinkProps({ text: '' })).toBe(false);
    expect(problemsFrom('layout', validateBrowseLinkProps.errors).map((p) => p.pointer)).toContain('/text');
  });
});
