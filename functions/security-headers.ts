import { CAMERA_PATHS, EMBED_FRAME_ANCESTORS, EMBED_PATH, PAGE_CSP_DIRECTIVES } from '../src/shared/security-policy';

/** For an HTML answer that carries no policy of its own (Astro sends one for every page it renders). */
const FALLBACK_CSP = [...PAGE_CSP_DIRECTIVES, "script-src 'self'", "style-src 'self' 'unsafe-inline'"].join('; ');

const FEATURES_OFF = ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'interest-cohort=()'];

function permissionsPolicy(path: string): string {
  const normalised = path.replace(/\/+$/, '') || '/';
  const camera = (CAMERA_PATHS as readonly string[]).includes(normalised) ? 'camera=(self)' : 'camera=()';
  return [camera, ...FEATURES_OFF].join(', ');
}

/**
 * Adds the page security headers to an HTML answer (docs/operations.md, "Security headers"); other
 * answers (JSON, assets, files) pass through untouched.
 */
export function withSecurityHeaders(response: Response, path: string): Response {
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const csp = headers.get('content-security-policy');
  if (!csp) headers.set('content-security-policy', FALLBACK_CSP);
  else if (!csp.includes('frame-ancestors')) headers.set('content-security-policy', `${csp}; frame-ancestors 'none'`);
  if (EMBED_PATH.test(path)) {
    // The embeddable checkout (issue 34): framed by the producer's own site, and only this page.
    const policy = headers.get('content-security-policy') ?? '';
    headers.set('content-security-policy', policy.replace(/frame-ancestors [^;]*/, EMBED_FRAME_ANCESTORS));
    headers.delete('x-frame-options');
  } else headers.set('x-frame-options', 'DENY');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('permissions-policy', permissionsPolicy(path));
  return secured;
}
