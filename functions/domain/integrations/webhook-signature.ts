/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/, "Verifying webhook authenticity"): a
 * message is sent with `webhook-id` (the message's id, the same on every retry), `webhook-timestamp` (Unix
 * seconds of this attempt) and `webhook-signature`, a space-separated list of `v1,<base64 HMAC-SHA256>` over
 * `<id>.<timestamp>.<body>`, keyed with the base64 part of a `whsec_<base64>` secret. During a rotation both
 * secrets sign, so a receiver holding either one verifies.
 */
const encoder = new TextEncoder();
export const SECRET_PREFIX = 'whsec_';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A new signing secret: 24 random bytes, as Standard Webhooks' libraries make them. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(24)))}`;
}

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
}

/** One `v1,<base64>` signature of a message. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of one attempt, signed with every secret currently valid (one, or two in a rotation). */
export async function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((s) => signWebhook(s, id, timestamp, body)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
