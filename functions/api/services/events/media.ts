import { smallKeyOf } from '../../../../src/shared/media';

/** Image types accepted for upload, with the extension their key gets. SVG only comes from the seeder. */
export const MEDIA_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The keys of an image: the large one (what events store) and its small sibling for phones. */
export function mediaKeys(name: string) {
  const large = `img/${name}`;
  return { large, small: smallKeyOf(large) };
}

/** The headers an image is served with: keys never change content, so it is cacheable for a year. */
function mediaHeaders(object: R2Object): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  headers.set('x-content-type-options', 'nosniff');
  // SVG (demo covers only) is sandboxed against scripts.
  if (headers.get('content-type')?.includes('svg'))
    headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return headers;
}

/** An image by key, honouring If-None-Match / If-Modified-Since (304); null when there is none. */
export async function readMedia(env: Env, key: string, conditions: Headers): Promise<Response | null> {
  const object = await env.MEDIA.get(key, { onlyIf: conditions });
  if (!object) return null;
  const headers = mediaHeaders(object);
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
