/**
 * The pages' security policy, in one place: astro.config.mjs gives these directives to Astro, which
 * adds `script-src`/`style-src` with the hashes of the scripts and styles it inlines and sends the
 * Content-Security-Policy header; functions/security-headers.ts adds the other headers and a fallback
 * for an HTML answer without a policy. docs/operations.md lists the resulting headers.
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  // Event images come from /media; QR codes are data: URLs; the scanner draws from blob: frames.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "media-src 'self' blob:",
  // qr-scanner runs its decoder in a worker.
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

/**
 * Inline scripts Astro does not hash by itself (`is:inline`): the payment-status page's reload,
 * `setTimeout(() => location.reload(), 3000);`. A change to that script needs its new hash here.
 */
export const EXTRA_SCRIPT_HASHES = ['sha256-S2qE3d8da0H47W9vbFie8rKIXHIl2PA/XWmkq6j/XN4='] as const;

/**
 * The only pages any site may frame: the embeddable checkout's ticket selector (`/embed/eventos/<id>`, loaded by
 * public/embed.js). Every other page keeps `frame-ancestors 'none'` and `X-Frame-Options: DENY`.
 */
export const EMBED_PATH = /^\/embed\/eventos\/\d{1,12}\/?$/;

/** The embed's framing policy: any site (http or https) may show it. */
export const EMBED_FRAME_ANCESTORS = 'frame-ancestors http: https:';

/** The only view that may use the camera: the door scanner (full access control). */
export const CAMERA_PATHS = ['/admin/access-control/full'] as const;
