// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFlagActive, readTimestamp, seenWithin, setFlagFor, writeString, readString, writeTimestamp } from '#client/lib/storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('timestamped storage flags', () => {
  it('a flag runs for its duration and then lapses', () => {
    setFlagFor('k', 1000, 5000);
    expect(isFlagActive('k', 5999)).toBe(true);
    expect(isFlagActive('k', 6000)).toBe(false);
    expect(isFlagActive('missing', 0)).toBe(false);
  });

  it('seenWithin counts from the stored time and ignores times in the future', () => {
    writeTimestamp('seen', 10_000);
    expect(seenWithin('seen', 500, 10_400)).toBe(true);
    expect(seenWithin('seen', 500, 10_500)).toBe(false);
    expect(seenWithin('seen', 500, 9_000)).toBe(false);
  });

  it('treats garbage as nothing stored', () => {
    writeString('bad', 'not a number');
    expect(readTimestamp('bad')).toBeNull();
    expect(isFlagActive('bad', 0)).toBe(false);
  });

  it('survives storage that throws (private mode, quota)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(throwing);
    expect(() => setFlagFor('k', 1000)).not.toThrow();
    expect(readString('k')).toBeNull();
    expect(isFlagActive('k')).toBe(false);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => writeTimestamp('k')).not.toThrow();
    expect(readTimestamp('k')).toBeNull();
  });
});
