import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../../functions/api/lib/password';

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('password hashing', { timeout: 20_000 }, () => {
  it('stores scrypt with OWASP parameters, a 16-byte salt and a self-describing format', async () => {
    const hash = await hashPassword('correcta-123');
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 5 });
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '5']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('correcta-123', hash)).toBe(true);
    expect(await verifyPassword('correcta-124', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('misma-clave')).not.toBe(await hashPassword('misma-clave'));
  });

  it('verifies with the parameters named in the hash', async () => {
    const cheap = await hashPassword('clave-vieja', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('clave-vieja', cheap)).toBe(true);
  });

  it('accepts long unicode passwords', async () => {
    const long = 'contraseña larga con ñ y emoji 🎟️ '.repeat(4).slice(0, 128);
    expect(await verifyPassword(long, await hashPassword(long))).toBe(true);
  });

  it('answers false for malformed hashes instead of throwing', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$abc$8$1$c2FsdA$a2V5', 'scrypt$1024$8$1$$']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('has a dummy hash for unknown accounts that no password matches by chance', async () => {
    expect(await verifyPassword('', await dummyHash())).toBe(false);
  });
});
