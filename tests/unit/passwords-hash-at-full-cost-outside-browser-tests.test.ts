// Passwords are hashed with scrypt at N = 2^17. Only the browser tests' server, started with both
// test switches, hashes new passwords at a low cost; either kind of stored hash verifies.
import { describe, expect, it } from 'vitest';
import { fastTestHashing, hashPassword, verifyPassword } from '#server/passwords.ts';

const costOf = (hash: string) => Number(hash.split('$')[1]);

describe('password hashing cost', () => {
  it('is 2^17 unless both test switches are set', async () => {
    expect(fastTestHashing({})).toBe(false);
    expect(fastTestHashing({ MB_TEST_FAST_HASHING: '1' })).toBe(false);
    expect(fastTestHashing({ MB_TEST_HOOKS: '1' })).toBe(false);
    expect(fastTestHashing({ MB_TEST_HOOKS: '1', MB_TEST_FAST_HASHING: '1' })).toBe(true);
    expect(costOf(await hashPassword('correct horse battery'))).toBe(2 ** 17);
  });

  it('is low on the browser tests server, and both kinds of hash verify there and anywhere', async () => {
    const strong = await hashPassword('correct horse battery');
    const saved = { hooks: process.env.MB_TEST_HOOKS, fast: process.env.MB_TEST_FAST_HASHING };
    process.env.MB_TEST_HOOKS = '1';
    process.env.MB_TEST_FAST_HASHING = '1';
    try {
      const quick = await hashPassword('correct horse battery');
      expect(costOf(quick)).toBe(2 ** 10);
      expect(await verifyPassword('correct horse battery', quick)).toBe(true);
      expect(await verifyPassword('correct horse battery', strong)).toBe(true);
      expect(await verifyPassword('wrong horse battery', quick)).toBe(false);
    } finally {
      for (const [name, value] of [
        ['MB_TEST_HOOKS', saved.hooks],
        ['MB_TEST_FAST_HASHING', saved.fast],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
