const encoder = new TextEncoder();

/**
 * Constant-time string comparison (length differences leak only the length): every UTF-16 unit is compared,
 * whatever the first difference. Plain JavaScript: every provider call checks the API key with it, and
 * encoding both strings for node:crypto's timingSafeEqual cost more than the comparison itself.
 */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  const other = a.length === b.length ? b : a;
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ other.charCodeAt(i);
  return diff === 0;
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random URL-safe token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}
