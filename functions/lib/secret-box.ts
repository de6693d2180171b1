/**
 * Encryption at rest for credentials kept in D1 (sellers' MercadoPago tokens, the platform's MercadoPago
 * application secret): AES-256-GCM (WebCrypto) under a key derived from the SETTINGS_ENCRYPTION_KEY
 * secret. A stored value reads `v1.<iv>.<ciphertext>` (base64url); a database dump alone reveals nothing,
 * and GCM's tag makes a tampered value fail to open instead of yielding garbage.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error('SETTINGS_ENCRYPTION_KEY is not set');
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest('SHA-256', encoder.encode(`boleteria-settings:${secret}`))
      .then((raw) => crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    keys.set(secret, key);
  }
  return key;
}

const toB64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
const fromB64 = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

export async function sealSecret(env: Pick<Env, 'SETTINGS_ENCRYPTION_KEY'>, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(env.SETTINGS_ENCRYPTION_KEY),
    encoder.encode(plain),
  );
  return `v1.${toB64(iv)}.${toB64(new Uint8Array(sealed))}`;
}

export async function openSecret(env: Pick<Env, 'SETTINGS_ENCRYPTION_KEY'>, stored: string): Promise<string> {
  const [version, iv, data] = stored.split('.');
  if (version !== 'v1' || !iv || !data) throw new Error('Unknown sealed secret format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64(iv) },
    await keyFor(env.SETTINGS_ENCRYPTION_KEY),
    fromB64(data),
  );
  return new TextDecoder().decode(plain);
}
