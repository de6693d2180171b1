/**
 * The draw of a queued on-sale ("Venta con fila"): who arrived in the pre-queue gets a place in a random
 * order fixed by a seed. The seed's SHA-256 is published when the pre-queue opens and the seed itself after
 * the opening, so anyone can recompute the order. Isomorphic: the queue object and the proof page
 * (/eventos/:id/fila) run this same code, and docs/operations.md describes it for other languages.
 *
 * Algorithm (version "xoshiro128ss-fy-v1"):
 * - the seed is 64 hexadecimal characters (32 random bytes); its published hash is SHA-256 over those
 *   64 characters as text (`printf %s SEED | sha256sum`);
 * - the seed's 32 bytes are read as eight big-endian 32-bit words w0…w7; a xoshiro128** generator starts
 *   from the state (w0 ^ w4, w1 ^ w5, w2 ^ w6, w3 ^ w7) (all zero would be replaced by (1, 0, 0, 0));
 * - `order` starts as [1, 2, …, N] (N = pre-queue size; k is the person who arrived k-th);
 * - Fisher–Yates from the end: for i = N−1 down to 1, r = next 32-bit output, j = floor(r · (i + 1) / 2^32),
 *   swap order[i] and order[j];
 * - place p (1-based) in the queue belongs to pre-queue number order[p − 1].
 */
export const DRAW_ALGORITHM = 'xoshiro128ss-fy-v1';

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/** The generator's 32-bit outputs for a seed (64 hex characters). */
export function drawGenerator(seed: string): () => number {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error('seed must be 64 lowercase hex characters');
  const word = (k: number) => Number.parseInt(seed.slice(k * 8, k * 8 + 8), 16) >>> 0;
  const s = [0, 1, 2, 3].map((k) => (word(k) ^ word(k + 4)) >>> 0);
  if (!s.some(Boolean)) s[0] = 1;
  return () => {
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] = (s[2] ^ s[0]) >>> 0;
    s[3] = (s[3] ^ s[1]) >>> 0;
    s[1] = (s[1] ^ s[2]) >>> 0;
    s[0] = (s[0] ^ s[3]) >>> 0;
    s[2] = (s[2] ^ t) >>> 0;
    s[3] = rotl(s[3], 11);
    return result;
  };
}

/** The drawn order: element p − 1 is the pre-queue number that got place p. A permutation of 1..n. */
export function drawOrder(seed: string, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i + 1);
  const next = drawGenerator(seed);
  for (let i = n - 1; i >= 1; i--) {
    const j = Math.floor((next() * (i + 1)) / 4294967296);
    const held = order[i];
    order[i] = order[j];
    order[j] = held;
  }
  return order;
}

/** The place drawn for one pre-queue number (1-based), or null when it is not in 1..n. */
export function placeOf(seed: string, n: number, prequeueNumber: number): number | null {
  if (!Number.isInteger(prequeueNumber) || prequeueNumber < 1 || prequeueNumber > n) return null;
  return drawOrder(seed, n).indexOf(prequeueNumber) + 1;
}

/** SHA-256 of the seed (as text), in lowercase hex: the published commitment. */
export async function seedHash(seed: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
