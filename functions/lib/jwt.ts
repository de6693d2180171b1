import { SignJWT } from 'jose';
import type { SessionUser } from '../../src/shared/session';
import { equalBytes, hmacSha256 } from './hmac-sha256';

export const JWT_ISSUER = 'boleteria';

// Importing an HMAC key costs as much as signing itself: the imported key is kept per secret for the
// isolate's life (signing uses WebCrypto through jose; verifying, below, a synchronous HMAC).
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

/** base64url digits to their values; -1 for anything else. */
const DIGITS = new Int8Array(128).fill(-1);
for (const [i, ch] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].entries())
  DIGITS[ch.charCodeAt(0)] = i;

/** The bytes of unpadded base64url text; null when it has any other character or an impossible length. */
function fromBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? DIGITS[code] : -1;
    if (value < 0) return null;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (acc >>> bits) & 0xff;
    }
  }
  return bytes;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A JSON object from UTF-8 bytes; null for anything else (bad UTF-8, bad JSON, an array, a scalar). */
function objectOf(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Headers already found acceptable (ours is always the same few bytes): parsed once, not per token. */
const acceptedHeaders = new Set<string>();

function acceptableHeader(part: string): boolean {
  if (acceptedHeaders.has(part)) return true;
  const bytes = fromBase64url(part);
  const header = bytes && objectOf(bytes);
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return false;
  if (acceptedHeaders.size < 16) acceptedHeaders.add(part);
  return true;
}

const macs = new Map<string, (message: Uint8Array) => Uint8Array>();

function macOf(secret: string) {
  let mac = macs.get(secret);
  if (!mac) {
    mac = hmacSha256(new TextEncoder().encode(secret));
    macs.set(secret, mac);
  }
  return mac;
}

/** The bytes of an ASCII string (the signing input is two base64url parts and a dot). */
function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * A compact JWS with HS256 (the only algorithm these tokens use), checked as jose's jwtVerify did with
 * `{ issuer, algorithms: ['HS256'] }`, without its general machinery (this runs for every buyer when a sale
 * opens): the header names HS256 and no critical extension, the HMAC matches (compared in constant time),
 * the payload is a JSON object from our issuer whose `exp` is a number in the future, with `nbf`, when
 * present, not in the future and `iat`, when present, a number. The HMAC is computed synchronously
 * (hmac-sha256.ts): WebCrypto's and node:crypto's machinery cost a quarter of a hold's CPU.
 */
async function verifyHs256(secret: string, token: string): Promise<Record<string, unknown> | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || !acceptableHeader(parts[0])) return null;
  const payloadBytes = fromBase64url(parts[1]);
  const signature = fromBase64url(parts[2]);
  if (!payloadBytes || !signature) return null;
  // Both parts are base64url (checked just above), so the signing input is ASCII.
  if (!equalBytes(macOf(secret)(asciiBytes(`${parts[0]}.${parts[1]}`)), signature)) return null;
  const payload = objectOf(payloadBytes);
  if (!payload || payload.iss !== JWT_ISSUER) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}
