// @vitest-environment happy-dom
// how-it-works block: the three steps (search, dine and pay, earn) from its props or, without them,
// from the partner's copy catalogue with {currency} and friends substituted; the optional link; and
// the precompiled validator rejecting props a layout must not carry (wrong step count, extra keys).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { validateHowItWorksProps, validateLayout } from '#shared/generated/validators.js';
import { resolvePage, type ResolvedBlock } from '#shared/page/resolve.ts';
import { problemsFrom } from '#shared/validation.ts';
import { makeRuntime, renderWithApp } from '#tests/utils/render.tsx';
import { HowItWorks } from './HowItWorks.tsx';

afterEach(cleanup);

const STEP_COPY = {
  'home.howItWorks.searchText': 'Find participating restaurants near you.',
  'home.howItWorks.dineText': 'Pay with your linked card as usual.',
  'home.howItWorks.earnText': 'Earn {currency} with {programName} automatically.',
};

/** The step titles and texts as a reader meets them, in order. */
function shownSteps() {
  const list = screen.getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      title: within(item).getByRole('heading', { level: 3 }).textContent,
      text: item.querySelector('p')?.textContent ?? null,
    }));
}

describe('how-it-works block', () => {
  it('without props shows the default headline and the search / dine and pay / earn steps, with the partner currency in the copy', () => {
    renderWithApp(<HowItWorks />, { partner: 'greenleaf', copy: STEP_COPY });
    const section = screen.getByRole('region', { name: 'How it works' });
    expect(within(section).getByRole('heading', { level: 2, name: 'How it works' })).toBeTruthy();
    expect(shownSteps()).toEqual([
      { title: 'Search', text: 'Find participating restaurants near you.' },
      { title: 'Dine and pay', text: 'Pay with your linked card as usual.' },
      { title: 'Earn', text: 'Earn cash back with Greenleaf Cash Back Dining automatically.' },
    ]);
    // No linkText, no link.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("takes the headline and step titles from the partner's copy when it has them", () => {
    renderWithApp(<HowItWorks />, {
      partner: 'skyline',
      copy: { ...STEP_COPY, 'home.howItWorks.title': 'How {programName} works', 'home.howItWorks.earnTitle': 'Earn {currency}' },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'How Skyline SkyDining works' })).toBeTruthy();
    expect(shownSteps().map((s) => s.title)).toEqual(['Search', 'Dine and pay', 'Earn miles']);
  });

  it('shows the headline, steps and link it is given, the link leading to /how-it-works', () => {
    const props: HowItWorksProps = {
      headline: 'Three steps to rewards',
      steps: [
        { title: 'Find a table', text: 'Browse restaurants nearby.' },
        { title: 'Pay as usual', text: 'Use a [linked card](link:join).' },
        { title: 'Collect points', text: 'Points post within days.' },
      ],
      linkText: 'Learn more about earning',
    };
    renderWithApp(<HowItWorks {...props} />, { copy: STEP_COPY });
    expect(screen.getByRole('region', { name: 'Three steps to rewards' })).toBeTruthy();
    expect(shownSteps()).toEqual([
      { title: 'Find a table', text: 'Browse restaurants nearby.' },
      { title: 'Pay as usual', text: 'Use a linked card.' },
      { title: 'Collect points', text: 'Points post within days.' },
    ]);
    // Props win over the catalogue.
    expect(screen.queryByText('Find participating restaurants near you.')).toBeNull();
    expect(screen.getByRole('link', { name: 'linked card' }).getAttribute('href')).toBe('/join');
    expect(screen.getByRole('link', { name: 'Learn more about earning' }).getAttribute('href')).toBe('/how-it-works');
  });

  it('shows steps from a layout with the partner currency substituted (as the page pipeline hands them over)', () => {
    const runtime = makeRuntime({ partner: 'harbor' });
    const page = resolvePage({
      layout: {
        version: 1,
        blocks: {
          steps: {
            type: 'how-it-works',
            props: {
              headline: 'Earn {currency} in three steps',
              steps: [
                { title: 'Search', text: 'Find a restaurant.' },
                { title: 'Dine and pay', text: 'Pay with a linked card.' },
                { title: 'Earn {currency}', text: 'Up to 8 {currency} per $1 from {programName}.' },
              ],
            },
          },
        },
        order: ['steps'],
      },
      source: 'test',
      validators: { 'how-it-works': validateHowItWorksProps },
      validateLayout,
      visitor: runtime.visitor,
      placeholders: runtime.placeholders,
    });
    const block = page.blocks[0] as ResolvedBlock;
    expect(block.status).toBe('ok');
    renderWithApp(<HowItWorks {...(block.props as unknown as HowItWorksProps)} />, { runtime });
    expect(screen.getByRole('heading', { level: 2, name: 'Earn points in three steps' })).toBeTruthy();
    expect(shownSteps()[2]).toEqual({ title: 'Earn points', text: 'Up to 8 points per $1 from Harbor Rewards Dining.' });
  });

  it('accepts valid props and rejects invalid ones with a pointer', () => {
    const step = { title: 'Search', text: 'Find a restaurant.' };
    expect(validateHowItWorksProps({})).toBe(true);
    expect(validateHowItWorksProps({ headline: 'How it works', steps: [step, step, step], linkText: 'More' })).toBe(true);

    // Exactly three steps.
    expect(validateHowItWorksProps({ steps: [step, step] })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors)).toContainEqual({
      source: 'layout',
      pointer: '/steps',
      message: 'must NOT have fewer than 3 items',
    });
    expect(validateHowItWorksProps({ steps: [step, step, step, step] })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors).map((p) => p.pointer)).toContain('/steps');

    // A step needs a title and a text, and nothing else.
    expect(validateHowItWorksProps({ steps: [step, { title: 'Dine' }, step] })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors)).toContainEqual({
      source: 'layout',
      pointer: '/steps/1',
      message: 'missing required property "text"',
    });
    expect(validateHowItWorksProps({ steps: [step, step, { ...step, icon: 'star' }] })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors)).toContainEqual({
      source: 'layout',
      pointer: '/steps/2',
      message: 'unknown property "icon"',
    });

    // Lengths and types.
    expect(validateHowItWorksProps({ headline: 'x'.repeat(121) })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors).map((p) => p.pointer)).toContain('/headline');
    expect(validateHowItWorksProps({ linkText: 42 })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors).map((p) => p.pointer)).toContain('/linkText');
    expect(validateHowItWorksProps({ title: 'How it works' })).toBe(false);
    expect(problemsFrom('layout', validateHowItWorksProps.errors)[0]?.message).toBe('unknown property "title"');
  });
});
