// Which CMS links a closed account is offered (#shared/content-features.ts linksOffered): links about
// earning (declaring VIP or the reservation bonus, or leading to an earn page that does) go; links
// that explain earning, other pages and other sites stay; everyone else keeps every link.
import { describe, expect, it } from 'vitest';
import { isEarningLink, linksOffered } from '#shared/content-features.ts';

const EARN = [
  { fields: { url: 'how-it-works' } },
  { fields: { url: 'vip-upgrade', features: ['vip'] } },
  { fields: { url: 'reservation-bonus', features: ['reservationBonus'] } },
  { fields: { url: 'reservations', features: ['reservations'] } },
];
const LINKS = [
  { text: 'How earning works', url: '/earn/how-it-works' },
  { text: 'VIP status', url: '/earn/vip-upgrade' },
  { text: 'Reservation bonus', url: '/earn/Reservation-Bonus/' },
  { text: 'Book a table', url: '/earn/reservations' },
  { text: 'Double miles weekend', url: '/search', features: ['vip'] },
  { text: 'Find restaurants', url: '/search' },
  { text: 'Skyline', url: 'https://skyline.example/earn/vip-upgrade' },
];

describe('links offered to a closed account', () => {
  it('drops links about earning and keeps the rest in order', () => {
    expect(linksOffered(LINKS, true, EARN).map((l) => l.text)).toEqual([
      'How earning works',
      'Book a table',
      'Find restaurants',
      'Skyline',
    ]);
  });

  it('keeps every link for anyone else', () => {
    expect(linksOffered(LINKS, false, EARN)).toBe(LINKS);
  });

  it('reads the earn page the link leads to, not its words', () => {
    expect(isEarningLink({ url: '/earn/vip-upgrade?from=footer' }, EARN)).toBe(true);
    expect(isEarningLink({ url: '/earn/vip-upgrade/more' }, EARN)).toBe(false);
    expect(isEarningLink({ url: '/earn/no-such-page' }, EARN)).toBe(false);
    expect(isEarningLink({ url: 42 }, EARN)).toBe(false);
  });
});
