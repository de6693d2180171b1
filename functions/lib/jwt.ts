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

/** Verifies signature, issuer and expiry; null when any fails. */
export async function verifyAccessToken(secret: string, token: string): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { issuer: JWT_ISSUER, algorithms: ['HS256'] });
    return payload as unknown as SessionUser;
  } catch {
    return null;
  }
}
