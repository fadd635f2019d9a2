// A restaurant's clock: its time zone (from its state) and its local date and time now. Reservation
// rules run on it on the server, and the booking widget bounds its date picker by it, so a member
// in another time zone (or a browser on UTC) is offered the restaurant's "yesterday to a year ahead".

/** The IANA time zone of a restaurant in `state` (the demo merchants are in NY, IL and CA). */
export function timeZoneOf(state: string | null | undefined): string {
  if (state === 'IL') return 'America/Chicago';
  if (state === 'CA') return 'America/Los_Angeles';
  return 'America/New_York';
}

/** The local date (YYYY-MM-DD) and minutes past midnight at `now` in `timeZone`. */
export function localNow(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** `date` (YYYY-MM-DD) moved by whole days and years, as calendar dates (no clock involved). */
export function shiftDate(date: string, { days = 0, years = 0 }: { days?: number; years?: number }): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
