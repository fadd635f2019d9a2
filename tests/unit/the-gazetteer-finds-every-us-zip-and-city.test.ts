import { describe, expect, it } from 'vitest';
import { isUsZip, lookupPlace, lookupZip } from '#server/geo/gazetteer.ts';

describe('the US gazetteer', () => {
  it('knows every US ZIP code with its city, not just the demo cities', () => {
    expect(lookupZip('10036')).toMatchObject({ label: 'New York, NY 10036' });
    expect(lookupZip('73301')?.label).toMatch(/Austin, TX/);
    expect(lookupZip('99501')?.label).toMatch(/Anchorage, AK/);
    expect(isUsZip('00000')).toBe(false);
    expect(isUsZip('1234')).toBe(false);
  });

  it('leaves out Canadian postal codes the data package also carries', () => {
    expect(lookupPlace('M5V 2T6')).toBeNull();
  });

  it('finds cities with or without their state, in either spelling', () => {
    expect(lookupPlace('Chicago')?.label).toBe('Chicago, IL');
    expect(lookupPlace('Austin, TX')?.label).toBe('Austin, TX');
    expect(lookupPlace('Portland, Maine')?.label).toBe('Portland, ME');
    expect(lookupPlace('portland or')?.label).toBe('Portland, OR');
    expect(lookupPlace('Denver Colorado')?.latitude).toBeCloseTo(39.7, 0);
  });

  it('keeps the demo cities on their usual centres (Times Square for New York)', () => {
    expect(lookupPlace('NYC')).toMatchObject({ latitude: 40.7577, longitude: -73.9857 });
    expect(lookupPlace('New York, NY')).toMatchObject({ latitude: 40.7577, longitude: -73.9857 });
    expect(lookupPlace('New York, NY 10011')?.label).toBe('New York, NY 10011');
  });

  it('answers null for places that do not exist', () => {
    expect(lookupPlace('Atlantis')).toBeNull();
    expect(lookupPlace('')).toBeNull();
    expect(lookupPlace('x'.repeat(500))).toBeNull();
  });
});
