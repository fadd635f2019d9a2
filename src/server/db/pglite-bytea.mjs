// @ts-check
// bytea to and from PostgreSQL's hex text through Buffer's native hex codec. PGlite's own codec
// builds the text one byte at a time in JavaScript (Array.from + padStart + join): storing a 5 MB
// upload took about 2.1 s of CPU in the database thread and held every other query behind it
// (bench "media": member p99 2.25x during uploads); Buffer's takes a few milliseconds.
// Used by PGlite in its worker (pglite-worker.mjs) and in-process (index.ts).

const BYTEA = 17;

/** @param {unknown} value */
function serialize(value) {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return '\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
}

/** @param {string} text `\x` and two hex digits a byte (bytea_output = hex, the default) */
function parse(text) {
  return Buffer.from(text.slice(2), 'hex');
}

export const byteaSerializers = { [BYTEA]: serialize };
export const byteaParsers = { [BYTEA]: parse };
