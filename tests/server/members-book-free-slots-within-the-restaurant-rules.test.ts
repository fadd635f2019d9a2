import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation, ReservationAvailability } from '#shared/generated/types.ts';
import { availability, BOOKING_DAYS_AHEAD, type MerchantLimits } from '#server/reservations/rules.ts';
import { localNow } from '#shared/restaurant-time.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOOKABLE = '10003';
const NOT_BOOKABLE = '10006';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

async function offered(date: string, time = '19:00', partySize = 2, merchantId = BOOKABLE): Promise<ReservationAvailability> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Reservations/Availability?merchantId=${merchantId}&date=${date}&time=${time}&partySize=${partySize}`,
    headers: host('skyline'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReservationAvailability;
}

/** A date next week with free evening slots. */
async function openEvening(): Promise<{ date: string; slots: string[] }> {
  for (let i = 7; i < 21; i++) {
    const a = await offered(day(i));
    if (a.state === 'ok' && a.slots.length >= 2) return { date: day(i), slots: a.slots };
  }
  throw new Error('no open evening in two weeks');
}

describe('reservation rules', () => {
  const limits: MerchantLimits = { minPartySize: 1, maxPartySize: 8, hours: null };
  const now = { date: '2026-06-01', minutes: 18 * 60 };
  const ask = (date: string, time: string, partySize = 2) => availability({ merchantId: 'm', date, time, partySize }, limits, now);

  it('names each state: too big, too small, too far, too close, and slots around the time', () => {
    expect(ask('2026-06-05', '19:00', 9).state).toBe('tooBig');
    expect(
      availability({ merchantId: 'm', date: '2026-06-05', time: '19:00', partySize: 1 }, { ...limits, minPartySize: 2 }, now).state,
    ).toBe('tooSmall');
    expect(BOOKING_DAYS_AHEAD).toBe(90);
    expect(ask('2026-08-30', '19:00').state).toBe('ok');
    expect(ask('2026-08-31', '19:00').state).toBe('tooFar');
    expect(ask('2026-05-31', '19:00').state).toBe('tooClose');
    expect(ask('2026-06-01', '17:00').state).toBe('tooClose');
    const ok = ask('2026-06-05', '19:00');
    expect(ok.state).toBe('ok');
    for (const slot of ok.slots) expect(slot >= '18:00' && slot <= '20:00').toBe(true);
    expect(ok.slots).toEqual([...ok.slots].sort());
  });

  it('offers nothing on a day the restaurant is closed', () => {
    const closedMonday = { ...limits, hours: [0, 2, 3, 4, 5, 6].map((d) => ({ day: d, open: '17:00', close: '22:00' })) };
    // 2026-06-08 is a Monday.
    expect(availability({ merchantId: 'm', date: '2026-06-08', time: '19:00', partySize: 2 }, closedMonday, now)).toEqual({
      state: 'none',
      slots: [],
    });
  });

  it('reads the local clock of the merchant', () => {
    expect(localNow(new Date('2026-06-01T03:30:00Z'), 'America/New_York')).toEqual({ date: '2026-05-31', minutes: 23 * 60 + 30 });
  });
});

describe('GET /api/Reservations/Availability and POST /api/Reservations', () => {
  it('answers slots for a bookable merchant and 404 for one without online booking', async () => {
    const { slots } = await openEvening();
    expect(slots.length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Reservations/Availability?merchantId=${NOT_BOOKABLE}&date=${day(7)}&time=19:00&partySize=2`,
      headers: host('skyline'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/merchantId/);
  });

  it('rejects a malformed time naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Reservations/Availability?merchantId=${BOOKABLE}&date=${day(7)}&time=7pm&partySize=2`,
      headers: host('skyline'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/time/);
  });

  it('books a free slot for a signed-in member, takes it off the list, and refuses a second booking within two hours', async () => {
    const anonymous = await session(t.app, 'skyline', '10.9.0.1');
    const { date, slots } = await openEvening();
    const [first, second] = slots as [string, string];
    const unauth = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: anonymous.headers(),
      payload: { merchantId: BOOKABLE, date, time: first, partySize: 2 },
    });
    expect(unauth.statusCode).toBe(401);

    const s = await session(t.app, 'skyline', '10.9.0.2');
    expect((await signIn(t.app, s, 'card0@skyline.example')).statusCode).toBe(200);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: s.headers(),
      payload: { merchantId: BOOKABLE, date, time: first, partySize: 2 },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json() as Reservation;
    expect(reservation).toMatchObject({ merchantId: BOOKABLE, date, time: first, partySize: 2 });
    expect(reservation.confirmation).toMatch(/^[0-9A-F]{10}$/);
    expect((await offered(date)).slots).not.toContain(first);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: s.headers(),
      payload: { merchantId: BOOKABLE, date, time: second, partySize: 2 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'overlap', message: 'You already have a reservation at this location within two hours.' });
  });

  it('gives each booking error its code: no availability, party size, too far, too close', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.3');
    expect((await signIn(t.app, s, 'card2@skyline.example')).statusCode).toBe(200);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/Reservations', headers: s.headers(), payload: { merchantId: BOOKABLE, ...payload } });
    // A time inside the 18:00-20:00 window that the answer for 19:00 left out is full (or outside
    // the opening hours), so booking it must fail; look ahead until some date has such a gap.
    let gap: { date: string; time: string } | undefined;
    for (let i = 7; i < 60 && !gap; i++) {
      const a = await offered(day(i));
      const time = ['18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00'].find((x) => !a.slots.includes(x));
      if (time) gap = { date: day(i), time };
    }
    if (!gap) throw new Error('every evening slot was free for 53 days');
    expect((await post({ ...gap, partySize: 2 })).json()).toMatchObject({ code: 'noAvailability' });
    const { date } = await openEvening();
    expect((await post({ date, time: '19:00', partySize: 40 })).json()).toMatchObject({ code: 'partySize' });
    expect((await post({ date: day(200), time: '19:00', partySize: 2 })).json()).toMatchObject({ code: 'tooFar' });
    expect((await post({ date: day(-1), time: '19:00', partySize: 2 })).json()).toMatchObject({ code: 'tooClose' });
  });

  it('refuses the seeded member the booking partner has deactivated, saying so', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.4');
    expect((await signIn(t.app, s, 'blocked@skyline.example')).statusCode).toBe(200);
    const { date, slots } = await openEvening();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: s.headers(),
      payload: { merchantId: BOOKABLE, date, time: slots[0], partySize: 2 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'fraud', message: 'Your account has been deactivated with the booking partner.' });
    expect((await offered(date)).slots).toContain(slots[0]);
  });

  it('a Korean barbecue (grill tables) refuses a party of one as too small', async () => {
    const detail = await t.app.inject({ method: 'GET', url: '/api/v2/Merchants/10013', headers: host('skyline') });
    expect(detail.json()).toMatchObject({
      merchant: { details: { cuisines: expect.arrayContaining(['Korean']) } },
      reservation: { minPartySize: 2 },
    });
    expect((await offered(day(10), '19:00', 1, '10013')).state).toBe('tooSmall');
    expect((await offered(day(10), '19:00', 2, '10013')).state).not.toBe('tooSmall');
  });
});
