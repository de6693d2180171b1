import { readFileSync } from 'node:fs';
import { decodeJwt, SignJWT } from 'jose';

/** The local JWT secret the e2e server signs with (`npm start` writes .dev.vars on its first run). */
function localSecret(): Uint8Array {
  const secret = readFileSync('.dev.vars', 'utf8').match(/^JWT_SECRET=(.+)$/m)?.[1];
  if (!secret) throw new Error('No JWT_SECRET in .dev.vars');
  return new TextEncoder().encode(secret.trim());
}

/** The same access token as if its time had run out a minute ago: what a browser holds after a pause. */
export async function expiredCopyOf(token: string): Promise<string> {
  const { exp: _exp, ...claims } = decodeJwt(token);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(localSecret());
}
