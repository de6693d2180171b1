import { jwtVerify, SignJWT } from 'jose';
import type { SessionUser } from '../../src/shared/session';

export const JWT_ISSUER = 'boleteria';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived access token whose claims are exactly the spec's session user. */
export async function signAccessToken(secret: string, claims: Omit<SessionUser, 'iss' | 'exp'>, ttlSeconds: number) {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return new SignJWT({ user: claims.user, rol: claims.rol, permisos: claims.permisos })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setExpirationTime(exp)
    .sign(key(secret));
}

/** Verifies signature, issuer and expiry; null when any fails. */
export async function verifyAccessToken(secret: string, token: string): Promise<SessionUser | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: JWT_ISSUER, algorithms: ['HS256'] });
    return payload as unknown as SessionUser;
  } catch {
    return null;
  }
}
