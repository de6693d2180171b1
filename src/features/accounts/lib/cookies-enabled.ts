/**
 * Whether this browser keeps cookies for us: the session lives in cookies, so login is pointless
 * without them. `navigator.cookieEnabled` alone misses some blocking setups, so a test cookie is tried too.
 */
export function cookiesEnabled(): boolean {
  if (typeof navigator === 'undefined' || !navigator.cookieEnabled) return false;
  try {
    const probe = `cookie-probe=${Date.now()}`;
    // biome-ignore lint/suspicious/noDocumentCookie: the probe must be synchronous, like the check it backs
    document.cookie = `${probe}; Path=/; SameSite=Lax`;
    const kept = document.cookie.includes(probe);
    // biome-ignore lint/suspicious/noDocumentCookie: removes the probe written above
    document.cookie = 'cookie-probe=; Path=/; Max-Age=0; SameSite=Lax';
    return kept;
  } catch {
    return false;
  }
}
