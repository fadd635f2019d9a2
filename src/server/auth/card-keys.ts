// The card-number encryption key pair (RSA-OAEP 2048, SHA-256). Generated once and kept in
// app_secrets so every instance decrypts alike; the public half is published as a JWK for the
// card-entry frame, which encrypts with WebCrypto so the main origin never sees a plain number.
import { constants, createHmac, createPrivateKey, generateKeyPairSync, privateDecrypt, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { getOrCreateSecret } from '../secrets.ts';

export interface CardKeys {
  publicJwk: JsonWebKey;
  /** The card number, or null when the ciphertext is not ours or is malformed. */
  decrypt(encryptedBase64: string): string | null;
  /** A keyed fingerprint of a card number (to find the same card twice without storing it). */
  fingerprint(partnerId: string, number: string): string;
}

interface StoredPair {
  privatePem: string;
  publicJwk: JsonWebKey;
}

const cache = new WeakMap<object, Promise<CardKeys>>();

export function cardKeys(db: Queryable): Promise<CardKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadKeys(db);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return keys;
}

async function loadKeys(db: Queryable): Promise<CardKeys> {
  const { rows } = await db.query<{ value: string }>("select value from app_secrets where name = 'card_rsa'");
  let stored = rows[0]?.value;
  if (!stored) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fresh: StoredPair = {
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicJwk: { ...publicKey.export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc' },
    };
    // Two instances may generate at once; the first insert wins and both read it back.
    await db.query("insert into app_secrets (name, value) values ('card_rsa', $1) on conflict (name) do nothing", [JSON.stringify(fresh)]);
    stored = (await db.query<{ value: string }>("select value from app_secrets where name = 'card_rsa'")).rows[0]!.value;
  }
  const pair = JSON.parse(stored) as StoredPair;
  const privateKey: KeyObject = createPrivateKey(pair.privatePem);
  const fingerprintSecret = await getOrCreateSecret(db, 'card_fingerprint');
  return {
    publicJwk: pair.publicJwk,
    decrypt(encryptedBase64) {
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(encryptedBase64, 'base64'),
        );
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
    fingerprint(partnerId, number) {
      return createHmac('sha256', fingerprintSecret).update(`${partnerId}:${number}`).digest('base64url');
    },
  };
}
