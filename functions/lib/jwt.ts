import { SignJWT } from 'jose';
import type { SessionUser } from '../../src/shared/session';

export const JWT_ISSUER = 'boleteria';

// Importing an HMAC key costs as much as the check itself; every request verifies a token (twice
// through the edge), so the imported key is kept per secret for the isolate's life.
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Signs a short-lived access token whose claims are exactly the spec's session user. */
export async function signAccessToken(secret: string, claims: Omit<SessionUser, 'iss' | 'exp'>, ttlSeconds: number) {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return new SignJWT({ user: claims.user, rol: claims.rol, permisos: claims.permisos })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setExpirationTime(exp)
    .sign(await keyOf(secret));
}

/**
 * Tokens this isolate already verified, with their claims. The same token arrives many times in a row (the
 * edge and the provider verify it on every call, a door scanner sends it with every scan), and a verified
 * signature stays verified: only the expiry is checked again. Bounded; the oldest entries go first.
 */
const verified = new Map<string, { secret: string; claims: SessionUser }>();
const MAX_VERIFIED = 2_000;

/** Verifies signature, issuer and expiry; null when any fails. */
export async function verifyAccessToken(secret: string, token: string): Promise<SessionUser | null> {
  const known = verified.get(token);
  if (known?.secret === secret) return known.claims.exp * 1000 > Date.now() ? known.claims : null;
  const payload = await verifyHs256(secret, token);
  if (!payload) return null;
  const claims = Object.freeze(payload) as unknown as SessionUser;
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(token, { secret, claims });
  return claims;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function jsonObject(part: string): Record<string, unknown> | null {
  const bytes = fromBase64url(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A compact JWS with HS256 (the only algorithm these tokens use), checked as jose's jwtVerify did with
 * `{ issuer, algorithms: ['HS256'] }`, without its general machinery (this runs for every buyer when a sale
 * opens): the header names HS256 and no critical extension, the HMAC matches (WebCrypto, constant time),
 * the payload is a JSON object from our issuer whose `exp` is a number in the future, with `nbf`, when
 * present, not in the future and `iat`, when present, a number.
 */
async function verifyHs256(secret: string, token: string): Promise<Record<string, unknown> | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const header = jsonObject(parts[0]);
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const signature = fromBase64url(parts[2]);
  if (!signature) return null;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await keyOf(secret),
    signature,
    new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
  );
  if (!valid) return null;
  const payload = jsonObject(parts[1]);
  if (!payload || payload.iss !== JWT_ISSUER) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}
