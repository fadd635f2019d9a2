// @ts-check
// bytea for PGlite without its byte-at-a-time codec. PGlite's own serializer builds hex text one
// byte at a time in JavaScript (Array.from + padStart + join): storing a 5 MB upload took about
// 2.1 s of CPU in the database thread and held every other query behind it (bench "media": member
// p99 2.25x during uploads).
// - Parameters go as the bytes themselves: PGlite's Bind message sends a Uint8Array value in
//   PostgreSQL's binary format (format code 1, read by bytearecv as it is), so there is no hex text to
//   build, measure (its protocol writer counts a string's UTF-8 length a character at a time) and
//   parse again. A 5 MB insert: about 240 ms of CPU as hex text through Buffer's codec, 70-120 ms so.
// - Results come back as hex text (PGlite asks for text results) and are read with Buffer's codec.
// Used by PGlite in its worker (pglite-worker.mjs) and in-process (index.ts).

const BYTEA = 17;

/**
 * @param {unknown} value
 * @returns {Uint8Array} sent as a binary-format parameter
 */
function serialize(value) {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return value;
}

/** @param {string} text `\x` and two hex digits a byte (bytea_output = hex, the default) */
function parse(text) {
  return Buffer.from(text.slice(2), 'hex');
}

// PGlite declares a serializer as returning a string; its Bind writer also takes bytes (above), which
// the media tests' byte-for-byte round trips on PGlite hold it to.
export const byteaSerializers = { [BYTEA]: /** @type {(value: unknown) => string} */ (/** @type {unknown} */ (serialize)) };
export const byteaParsers = { [BYTEA]: parse };
