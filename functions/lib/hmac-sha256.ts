/**
 * HMAC-SHA-256 (RFC 2104, FIPS 180-4) in plain synchronous JavaScript, for checking access-token signatures
 * on the hot paths (a hold, a scan, a queue join). Measured in workerd, WebCrypto's `subtle.verify` and
 * node:crypto's `createHmac` both cost a few hundred microseconds per call in promise and stream machinery
 * around a hash that takes a few microseconds; a hold's whole budget is about a millisecond. The key's inner
 * and outer blocks are hashed once per secret, so a token costs only its own blocks.
 * tests/unit/hmac-sha256.test.ts checks it against node:crypto over random keys and messages.
 */

const K = Uint32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
);

const IV = Uint32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);

const BLOCK = 64;
const w = new Uint32Array(64);

/** Mixes one 64-byte block of `data` (from `at`) into the state `h`. */
function compress(h: Uint32Array, data: Uint8Array, at: number) {
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4;
    w[i] = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3];
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let f = h[5];
  let g = h[6];
  let k = h[7];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + s1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
  h[5] += f;
  h[6] += g;
  h[7] += k;
}

/** SHA-256 of `message`, continuing from `state` after `before` bytes were already hashed (whole blocks). */
function digest(state: Uint32Array, before: number, message: Uint8Array): Uint8Array {
  const h = state.slice();
  const whole = message.length - (message.length % BLOCK);
  for (let at = 0; at < whole; at += BLOCK) compress(h, message, at);
  // The tail, the 0x80 marker and the length in bits (big-endian, 64 bits) in one or two last blocks.
  const tail = new Uint8Array(message.length - whole + 9 > BLOCK ? 2 * BLOCK : BLOCK);
  tail.set(message.subarray(whole));
  tail[message.length - whole] = 0x80;
  const bits = (before + message.length) * 8;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(tail.length - 4, bits >>> 0);
  for (let at = 0; at < tail.length; at += BLOCK) compress(h, tail, at);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

/** An HMAC-SHA-256 function for one key: `mac(message)` answers the 32-byte tag. */
export function hmacSha256(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const block = new Uint8Array(BLOCK);
  block.set(key.length > BLOCK ? digest(IV, 0, key) : key);
  const inner = IV.slice();
  const outer = IV.slice();
  const pad = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) pad[i] = block[i] ^ 0x36;
  compress(inner, pad, 0);
  for (let i = 0; i < BLOCK; i++) pad[i] = block[i] ^ 0x5c;
  compress(outer, pad, 0);
  return (message) => digest(outer, BLOCK, digest(inner, BLOCK, message));
}

/** Compares two byte strings in time that depends only on their lengths. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
