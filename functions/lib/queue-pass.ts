/**
 * The pass of a queued on-sale: what the queue gives an admitted buyer and the inventory object demands
 * before it holds tickets. `v1.<payload>.<signature>`: the payload (base64url JSON) names the event, the
 * account and the expiry; the signature is HMAC-SHA256 with JWT_SECRET over "queue-pass.v1." + payload
 * (the prefix keeps a pass and an access token from ever standing for each other).
 */
export type QueuePassClaims = { e: number; u: number; p: number; x: number };
export type PassCheck =
  | { ok: true; claims: QueuePassClaims }
  | { ok: false; reason: 'pass_missing' | 'pass_forged' | 'pass_expired' | 'pass_other_account' | 'pass_other_event' };

/** How long an admitted buyer has to start the purchase. */
export const PASS_TTL_MS = 10 * 60_000;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

export async function signQueuePass(secret: string, claims: QueuePassClaims): Promise<string> {
  const payload = b64url(encoder.encode(JSON.stringify(claims)));
  const sig = await crypto.subtle.sign('HMAC', await keyFor(secret), encoder.encode(`queue-pass.v1.${payload}`));
  return `v1.${payload}.${b64url(new Uint8Array(sig))}`;
}

/** Checks a pass for this event and account at `now` (signature in constant time by WebCrypto). */
export async function checkQueuePass(
  secret: string,
  pass: string | undefined | null,
  eventId: number,
  userId: number,
  now: number,
): Promise<PassCheck> {
  if (!pass) return { ok: false, reason: 'pass_missing' };
  const parts = pass.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1' || pass.length > 1000) return { ok: false, reason: 'pass_forged' };
  let claims: QueuePassClaims;
  try {
    const valid = await crypto.subtle.verify(
      'HMAC',
      await keyFor(secret),
      fromB64url(parts[2]),
      encoder.encode(`queue-pass.v1.${parts[1]}`),
    );
    if (!valid) return { ok: false, reason: 'pass_forged' };
    claims = JSON.parse(new TextDecoder().decode(fromB64url(parts[1]))) as QueuePassClaims;
  } catch {
    return { ok: false, reason: 'pass_forged' };
  }
  return checkPassClaims(claims, eventId, userId, now);
}

/** The checks after the signature: this event, this account, not expired (for a pass verified before). */
export function checkPassClaims(claims: QueuePassClaims, eventId: number, userId: number, now: number): PassCheck {
  if (claims.e !== eventId) return { ok: false, reason: 'pass_other_event' };
  if (claims.u !== userId) return { ok: false, reason: 'pass_other_account' };
  if (!(claims.x > now)) return { ok: false, reason: 'pass_expired' };
  return { ok: true, claims };
}
