/**
 * Ticket codes that cannot be forged: `BOL1.<ticketId>.<eventId>.<signature>`, the signature being
 * Ed25519 over `BOL1.<ticketId>.<eventId>` (base64url). A scanner verifies them offline with the public
 * key (GET /api/v1/tickets/public-key) and checks the revocation list for cancelled or transferred ones.
 *
 * The private key comes from the secret TICKET_SIGNING_KEY: 64 hex characters are the 32-byte Ed25519
 * seed itself; any other value is hashed (SHA-256) into one, so every environment gets a stable key.
 */
const PREFIX = 'BOL1';
// DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

type Keys = { privateKey: CryptoKey; publicKey: CryptoKey; publicRaw: string };
const cache = new Map<string, Promise<Keys>>();

export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function seedOf(secret: string): Promise<Uint8Array> {
  if (/^[0-9a-f]{64}$/i.test(secret)) return Uint8Array.from(secret.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
}

async function loadKeys(secret: string): Promise<Keys> {
  if (!secret) throw new Error('TICKET_SIGNING_KEY is not configured');
  const seed = await seedOf(secret);
  const pkcs8 = new Uint8Array([...PKCS8_ED25519, ...seed]);
  const privateKey = (await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])) as CryptoKey;
  const jwk = (await crypto.subtle.exportKey('jwk', privateKey)) as JsonWebKey;
  const publicKey = (await crypto.subtle.importKey(
    'jwk',
    { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
    { name: 'Ed25519' },
    true,
    ['verify'],
  )) as CryptoKey;
  return { privateKey, publicKey, publicRaw: jwk.x ?? '' };
}

function keysOf(env: Env): Promise<Keys> {
  const secret = env.TICKET_SIGNING_KEY;
  let keys = cache.get(secret);
  if (!keys) {
    keys = loadKeys(secret);
    cache.set(secret, keys);
  }
  return keys;
}

export async function signTicketCode(env: Env, ticketId: string, eventId: number): Promise<string> {
  const message = `${PREFIX}.${ticketId}.${eventId}`;
  const { privateKey } = await keysOf(env);
  const signature = await crypto.subtle.sign('Ed25519', privateKey, new TextEncoder().encode(message));
  return `${message}.${base64url(new Uint8Array(signature))}`;
}

/** The ticket and event ids of a genuine code, or null for a forged or malformed one. */
export async function verifyTicketCode(env: Env, code: string): Promise<{ ticketId: string; eventId: number } | null> {
  const parts = code.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX || !/^\d+$/.test(parts[2])) return null;
  const { publicKey } = await keysOf(env);
  try {
    const ok = await crypto.subtle.verify(
      'Ed25519',
      publicKey,
      fromBase64url(parts[3]),
      new TextEncoder().encode(parts.slice(0, 3).join('.')),
    );
    return ok ? { ticketId: parts[1], eventId: Number(parts[2]) } : null;
  } catch {
    return null;
  }
}

/** The public key for offline scanners: raw 32 bytes, base64url, and the same as a JWK. */
export async function publicKeyOf(env: Env) {
  const { publicRaw } = await keysOf(env);
  return {
    alg: 'Ed25519',
    format: `${PREFIX}.<ticketId>.<eventId>.<firma base64url>`,
    key: publicRaw,
    jwk: { kty: 'OKP', crv: 'Ed25519', x: publicRaw },
  };
}

/** A stable ticket id for the n-th ticket of an order (so issuing twice inserts nothing new). */
export async function ticketIdFor(seed: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return base64url(new Uint8Array(digest)).slice(0, 16);
}

export type RevocationEntry = { ticket_id: string; reason: string; revoked_at: string };

/** The revoked codes of an event, oldest first: what offline scanners refuse. */
export async function revocationsOf(db: D1Database, eventId: number): Promise<RevocationEntry[]> {
  const { results } = await db
    .prepare('select ticket_id, reason, revoked_at from revocations where event_id = ? order by revoked_at')
    .bind(eventId)
    .all<RevocationEntry>();
  return results;
}
