// @vitest-environment happy-dom
// page-heading block: the page's one h1 from `title`, an optional lead paragraph whose copy links
// lead where the partner's settings say, placeholders substituted by the time the block gets its
// props, and the precompiled validator rejecting an empty or over-long title and unknown props.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PageHeadingProps } from '#shared/generated/types.ts';
import { validateLayout, validatePageHeadingProps } from '#shared/generated/validators.js';
import { resolvePage, type ResolvedBlock } from '#shared/page/resolve.ts';
import { problemsFrom } from '#shared/validation.ts';
import { makeRuntime, renderWithApp } from '#tests/utils/render.tsx';
import { PageHeading } from './PageHeading.tsx';

afterEach(cleanup);

describe('page-heading block', () => {
  it('shows the title as the page heading and the text as its lead paragraph', () => {
    renderWithApp(<PageHeading title="How it works" text="Link a card, dine and earn." />);
    expect(screen.getByRole('heading', { level: 1, name: 'How it works' })).toBeTruthy();
    expect(screen.getByText('Link a card, dine and earn.').tagName).toBe('P');
  });

  it('shows no lead paragraph without text', () => {
    const { container } = renderWithApp(<PageHeading title="Your account" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(container.querySelector('p')).toBeNull();
  });

  it("turns copy links in the text into links to the partner's pages", () => {
    renderWithApp(<PageHeading title="Welcome" text="[Sign in](link:signIn) or [join](link:join) to start." />, { partner: 'harbor' });
    // harbor enrols through SSO, so sign-in is the SSO route.
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/Login');
    expect(screen.getByRole('link', { name: 'join' }).getAttribute('href')).toBe('/join');
    expect(screen.getByText(/to start\./)).toBeTruthy();
  });

  it('shows the partner currency and programme name where a layout wrote placeholders', () => {
    const runtime = makeRuntime({ partner: 'metro' });
    const page = resolvePage({
      layout: {
        version: 1,
        blocks: { heading: { type: 'page-heading', props: { title: 'Earn {currency}', text: '{programName} pays {earnLevels}.' } } },
        order: ['heading'],
      },
      source: 'test',
      validators: { 'page-heading': validatePageHeadingProps },
      validateLayout,
      visitor: runtime.visitor,
      placeholders: runtime.placeholders,
    });
    const block = page.blocks[0] as ResolvedBlock;
    expect(block.status).toBe('ok');
    renderWithApp(<PageHeading {...(block.props as unknown as PageHeadingProps)} />, { runtime });
    expect(screen.getByRole('heading', { level: 1, name: 'Earn statement credits' })).toBeTruthy();
    expect(screen.getByText('Metro Dining Credits pays $5 in statement credits or $10 in statement credits.')).toBeTruthy();
  });

  it('accepts valid props and rejects invalid ones with a pointer', () => {
    expect(validatePageHeadingProps({ title: 'How it works' })).toBe(true);
    expect(validatePageHeadingProps({ title: 'How it works', text: 'Earn {currency}.' })).toBe(true);

    expect(validatePageHeadingProps({})).toBe(false);
    expect(problemsFrom('layout', validatePageHeadingProps.errors)).toContainEqual({
      source: 'layout',
      pointer: '',
      message: 'missing required property "title"',
    });
    expect(validatePageHeadingProps({ title: '' })).toBe(false);
    expect(problemsFrom('layout', validatePageHeadingProps.errors).map((p) => p.pointer)).toContain('/title');
    expect(validatePageHeadingProps({ title: 'x'.repeat(121) })).toBe(false);
    expect(problemsFrom('layout', validatePageHeadingProps.errors).map((p) => p.pointer)).toContain('/title');
    expect(validatePageHeadingProps({ title: 'Hi', text: 'x'.repeat(1001) })).toBe(false);
    expect(problemsFrom('layout', validatePageHeadingProps.errors).map((p) => p.pointer)).toContain('/text');
    expect(validatePageHeadingProps({ title: 'Hi', subtitle: 'More' })).toBe(false);
    expect(problemsFrom('layout', validatePageHeadingProps.errors)).toContainEqual({
      source: 'layout',
      pointer: '',
      message: 'unknown property "subtitle"',
    });
  });
});
