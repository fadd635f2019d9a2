// The account centre's upcoming reservations: the member's own bookings soonest first, cancel under
// the provider's rule (until an hour before the start; spec-style errors), which frees the table,
// and the .ics calendar file. Every call needs the member's session and sees only their bookings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationAvailability, UpcomingReservation, UpcomingReservations } from '#shared/generated/types.ts';
import { cancelRefusal } from '#server/reservations/rules.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOOKABLE = '10003';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

async function member(email: string, ip: string) {
  const s = await session(t.app, 'skyline', ip);
  expect((await signIn(t.app, s, email)).statusCode).toBe(200);
  return s;
}
type Session = Awaited<ReturnType<typeof member>>;

async function slots(date: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Reservations/Availability?merchantId=${BOOKABLE}&date=${date}&time=19:00&partySize=2`,
    headers: host('skyline'),
  });
  const body = res.json() as ReservationAvailability;
  return body.state === 'ok' ? body.slots : [];
}

/** Books the first free evening table from `from` days ahead; answers the booking. */
async function bookOne(s: Session, from: number): Promise<{ date: string; time: string; confirmation: string }> {
  for (let i = from; i < from + 14; i++) {
    const [time] = await slots(day(i));
    if (!time) continue;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: s.headers(),
      payload: { merchantId: BOOKABLE, date: day(i), time, partySize: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { date: day(i), time, confirmation: (res.json() as { confirmation: string }).confirmation };
  }
  throw new Error('no free evening');
}

const list = async (s: Session) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/Reservations', headers: s.headers() });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as UpcomingReservations).reservations;
};

describe('the provider cancellation rule', () => {
  const start = new Date('2026-06-01T23:00:00Z');
  it('takes a cancellation until an hour before the start', () => {
    expect(cancelRefusal(start, new Date('2026-06-01T21:59:00Z'))).toBeNull();
    expect(cancelRefusal(start, new Date('2026-06-01T22:00:00Z'))).toBeNull();
    expect(cancelRefusal(start, new Date('2026-06-01T22:01:00Z'))).toBe('tooClose');
    expect(cancelRefusal(start, new Date('2026-06-01T23:00:00Z'))).toBe('past');
  });
});

describe('GET /api/Reservations, DELETE /api/Reservations/{confirmation}, GET .../calendar.ics', () => {
  it('need a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/Reservations'],
      ['GET', '/api/Reservations/ABCDEF0123/calendar.ics'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: host('skyline') })).statusCode).toBe(401);
    }
    const anonymous = await session(t.app, 'skyline', '10.24.0.9');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/Reservations/ABCDEF0123', headers: anonymous.headers() });
    expect(res.statusCode).toBe(401);
  });

  it("lists the member's upcoming bookings soonest first with the restaurant's local date and time", async () => {
    const s = await member('card0@skyline.example', '10.24.0.1');
    const later = await bookOne(s, 20);
    const sooner = await bookOne(s, 10);
    const rows = await list(s);
    expect(rows.map((r) => r.confirmation)).toEqual([sooner.confirmation, later.confirmation]);
    expect(rows[0]).toMatchObject({ merchantId: BOOKABLE, date: sooner.date, time: sooner.time, partySize: 2, cancelRefusal: null });
    expect(rows[0]?.merchantName).toBeTruthy();
    expect(rows[0]?.address).toMatch(/, NY \d{5}$/);
    // Another member sees none of them.
    expect(await list(await member('card2@skyline.example', '10.24.0.2'))).toEqual([]);
  });

  it('cancels: gone from the list, the table offered again, a second cancel 404; others cannot cancel it', async () => {
    const s = await member('vip@skyline.example', '10.24.0.3');
    const booked = await bookOne(s, 30);
    expect(await slots(booked.date)).not.toContain(booked.time);

    const other = await member('renewing@skyline.example', '10.24.0.4');
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/Reservations/${booked.confirmation}`, headers: other.headers() });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toMatch(/^confirmation:/);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/Reservations/${booked.confirmation}`, headers: s.headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as UpcomingReservation).confirmation).toBe(booked.confirmation);
    expect((await list(s)).map((r) => r.confirmation)).not.toContain(booked.confirmation);
    expect(await slots(booked.date)).toContain(booked.time);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/Reservations/${booked.confirmation}`, headers: s.headers() });
    expect(again.statusCode).toBe(404);
    // The table can be booked again, with no overlap with the cancelled booking.
    const rebook = await t.app.inject({
      method: 'POST',
      url: '/api/Reservations',
      headers: s.headers(),
      payload: { merchantId: BOOKABLE, date: booked.date, time: booked.time, partySize: 2 },
    });
    expect(rebook.statusCode, rebook.body).toBe(201);
  });

  it('refuses a cancellation within the hour before the start (409 tooClose), and needs the CSRF token', async () => {
    const s = await member('blocked@skyline.example', '10.24.0.5');
    const memberId = (await t.db.query<{ id: number }>(`select id from members where email = 'blocked@skyline.example'`)).rows[0]?.id;
    // A booking 30 minutes from now (made earlier, while it was still bookable).
    await t.db.query(
      `insert into reservations (partner_id, member_id, merchant_id, starts_at, party_size, confirmation)
       values ('skyline', $1, $2, now() + interval '30 minutes', 2, 'C0FFEE0001')`,
      [memberId, BOOKABLE],
    );
    const rows = await list(s);
    expect(rows.find((r) => r.confirmation === 'C0FFEE0001')?.cancelRefusal).toBe('tooClose');
    const noToken = await t.app.inject({
      method: 'DELETE',
      url: '/api/Reservations/C0FFEE0001',
      headers: { ...s.headers(), 'x-xsrf-token': 'nope' },
    });
    expect(noToken.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/Reservations/C0FFEE0001', headers: s.headers() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'tooClose', message: expect.stringMatching(/call the restaurant/) });
    expect((await list(s)).map((r) => r.confirmation)).toContain('C0FFEE0001');
  });

  it('answers a bad confirmation with 400 naming it', async () => {
    const s = await member('card2@skyline.example', '10.24.0.6');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/Reservations/not-a-code', headers: s.headers() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/confirmation/);
  });

  it('makes a calendar file of the booking for its member only', async () => {
    // Not card0: the listing test expects card0's list to hold only the two bookings it makes.
    const s = await member('renewing@skyline.example', '10.24.0.7');
    const booked = await bookOne(s, 40);
    const res = await t.app.inject({ method: 'GET', url: `/api/Reservations/${booked.confirmation}/calendar.ics`, headers: s.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reservation-${booked.confirmation}.ics"`);
    const row = (await list(s)).find((r) => r.confirmation === booked.confirmation);
    const start = new Date(row!.startsAt)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain(`DTSTART:${start}\r\n`);
    expect(res.body).toContain('DURATION:PT2H\r\n');
    expect(res.body).toContain(`UID:${booked.confirmation}@skyline.localhost\r\n`);
    expect(res.body).toMatch(/SUMMARY:Table for 2 at /);
    const other = await member('vip@skyline.example', '10.24.0.8');
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/Reservations/${booked.confirmation}/calendar.ics`,
      headers: other.headers(),
    });
    expect(stranger.statusCode).toBe(404);
  });
});
