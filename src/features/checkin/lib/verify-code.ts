import type { PublicKey } from '../types';

/**
 * Checks a ticket code offline, like the server: `BOL1.<ticketId>.<eventId>.<signature>`, Ed25519 over the
 * first three parts with the public key of GET /tickets/public-key. Answers the ids of a genuine code, or
 * null for a forged or malformed one.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

export async function verifyCodeLocally(key: PublicKey, code: string) {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== 'BOL1' || !/^\d+$/.test(parts[2])) return null;
  let imported = keys.get(key.key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', fromBase64url(key.key), { name: 'Ed25519' }, false, ['verify']);
    keys.set(key.key, imported);
  }
  try {
    const ok = await crypto.subtle.verify(
      'Ed25519',
      await imported,
      fromBase64url(parts[3]),
      new TextEncoder().encode(parts.slice(0, 3).join('.')),
    );
    return ok ? { ticketId: parts[1], eventId: Number(parts[2]) } : null;
  } catch {
    return null;
  }
}
