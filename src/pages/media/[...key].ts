import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';

/**
 * Uploaded and demo images from R2 (binding MEDIA). Keys are never reused for other content, so the
 * answer is cacheable for a year everywhere. SVG (demo covers only) is sandboxed against scripts.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const key = params.key ?? '';
  if (!/^(img|seed)\/[A-Za-z0-9._-]+$/.test(key)) return new Response('Imagen no encontrada', { status: 404 });
  const object = await env.MEDIA.get(key, { onlyIf: request.headers });
  if (!object) return new Response('Imagen no encontrada', { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  headers.set('x-content-type-options', 'nosniff');
  if (headers.get('content-type')?.includes('svg'))
    headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
};
