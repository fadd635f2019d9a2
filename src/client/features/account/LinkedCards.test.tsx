// @vitest-environment happy-dom
// The Linked Cards tab at the partner maximum (spec 001 §2, §9): the notice replaces the add form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, memberFixture, renderWithApp } from '#tests/utils/render.tsx';
import { ToastProvider } from '#client/ui/toast/index.ts';
import { LinkedCards } from './LinkedCards.tsx';

const CARDS = [
  { id: 'c1', description: 'Visa', cardType: 'visa', lastFour: '1111' },
  { id: 'c2', description: 'Mastercard', cardType: 'mastercard', lastFour: '4444' },
];

afterEach(() => vi.unstubAllGlobals());

describe('LinkedCards', () => {
  it('at the partner maximum shows the maximum notice instead of the add-card form', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/Member/Cards': { body: CARDS } }).fetch);
    renderWithApp(
      <ToastProvider>
        <LinkedCards />
      </ToastProvider>,
      { member: memberFixture(), config: { maxLinkedCards: 2 }, route: '/account/manage_cards' },
    );
    expect(await screen.findByText('You have reached the maximum of 2 linked cards. Delete a card to link another.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Visa ending in 1111' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Mastercard ending in 4444' })).toBeTruthy();
    expect(screen.queryByTestId('card-registration-form')).toBeNull();
  });
});
