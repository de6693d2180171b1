import { jwtVerify, SignJWT } from 'jose';
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
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { issuer: JWT_ISSUER, algorithms: ['HS256'] });
    const claims = Object.freeze(payload) as unknown as SessionUser;
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims });
    return claims;
  } catch {
    return null;
  }
}
