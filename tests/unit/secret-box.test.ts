import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../functions/lib/secret-box';

const env = { SETTINGS_ENCRYPTION_KEY: 'unit-test-key-0123456789abcdef' };

describe('secret box (AES-GCM at rest)', () => {
  it('opens what it sealed, and seals the same text differently each time', async () => {
    const a = await sealSecret(env, 'APP_USR-123-token');
    const b = await sealSecret(env, 'APP_USR-123-token');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('APP_USR');
    expect(await openSecret(env, a)).toBe('APP_USR-123-token');
  });

  it('refuses a tampered value and another key', async () => {
    const sealed = await sealSecret(env, 'secreto');
    const [v, iv, data] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    await expect(openSecret(env, `${v}.${iv}.${flipped}`)).rejects.toThrow();
    await expect(openSecret({ SETTINGS_ENCRYPTION_KEY: 'another-key' }, sealed)).rejects.toThrow();
    await expect(openSecret(env, 'plain-text')).rejects.toThrow('Unknown sealed secret format');
  });

  it('refuses to work without a key', async () => {
    await expect(sealSecret({ SETTINGS_ENCRYPTION_KEY: '' }, 'x')).rejects.toThrow('SETTINGS_ENCRYPTION_KEY');
  });
});
