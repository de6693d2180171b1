import { type BinaryLike, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto under nodejs_compat). OWASP's second parameter set,
 * N=2^14 r=8 p=5: 16 MiB per hash, which fits a Worker's 128 MiB comfortably.
 * Stored as a self-describing string `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be
 * raised later and old hashes still verify.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
type ScryptParams = { N: number; r: number; p: number };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: BinaryLike, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r (the default 32 MiB would refuse N=2^15).
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `params` other than the default only for tests that need many cheap users; verification reads them from the hash. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password with the current parameters. Checking an unknown e-mail's password
 * against it costs the same as a real check, so timing does not reveal which addresses exist.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomUUID());
  return dummy;
}
