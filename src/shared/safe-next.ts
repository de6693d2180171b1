/**
 * The one decision on where a redirect inside the site may go (the login's next view, the guard's
 * remembered destination, the pending view of guard step 4). Browsers normalise a path before they
 * use it: `/.//evil.example`, `/%2e//evil.example` and `/a/..//evil.example` all become the
 * protocol-relative `//evil.example`, and `/\evil.example` is read as `//evil.example`. So the input is
 * resolved the way a browser would, and only a result on the same origin whose path starts with a
 * single `/` is accepted, returned in its normalised form (path, query, fragment).
 */
const BASE = 'https://boleteria.invalid';

// C0 controls, DEL and C1 controls: browsers strip tabs and newlines from URLs, which can turn a
// harmless-looking value into a different one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The normalised same-site path for `input`, or null when it is not a safe next view. */
export function safeNextPath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) return null;
  if (!input.startsWith('/') || input.startsWith('//')) return null;
  if (input.includes('\\') || CONTROL.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname;
  // `%2f` and `%5c` stay encoded in the pathname, where a browser keeps them as one path segment.
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  const result = path + url.search + url.hash;
  if (CONTROL.test(result)) return null;
  return result;
}

/** Like `safeNextPath`, falling back to the index. */
export function safeNextOrIndex(input: unknown): string {
  return safeNextPath(input) ?? '/';
}
