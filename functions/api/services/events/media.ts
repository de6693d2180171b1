import { smallKeyOf } from '../../../../src/shared/media';
import { MEDIA_KEY_INVALID } from '../../../../src/shared/schemas/events';
import { fail } from '../../lib/errors';

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

/** Remembers who an uploaded image was issued to (media_uploads, migrations/0009_search_and_media.sql). */
export async function recordUpload(db: D1Database, key: string, userId: number) {
  await db.prepare('insert into media_uploads (key, user_id) values (?, ?)').bind(key, userId).run();
}

/**
 * Refuses (400) an image key that was not issued to the user who saves it, unless the producer already uses it
 * (an unchanged cover or logo, a duplicated event, a demo image of the seeder). The schema has checked its
 * format before (MediaKeySchema).
 */
export async function assertOwnImages(
  db: D1Database,
  userId: number,
  producerId: number | null,
  fields: Record<string, string | null | undefined>,
) {
  const given = Object.entries(fields).filter((entry): entry is [string, string] => !!entry[1]);
  if (given.length === 0) return;
  const answers = await db.batch(
    given.map(([, key]) =>
      db
        .prepare(
          `select exists (select 1 from media_uploads where key = ?1 and user_id = ?2)
               or exists (select 1 from events where producer_id = ?3 and (cover_key = ?1 or flyer_key = ?1))
               or exists (select 1 from producers where id = ?3 and logo_key = ?1) as ok`,
        )
        .bind(key, userId, producerId ?? 0),
    ),
  );
  const refused = given.filter((_, i) => !(answers[i].results[0] as { ok: number } | undefined)?.ok);
  if (refused.length)
    fail(400, MEDIA_KEY_INVALID, Object.fromEntries(refused.map(([field]) => [field, [MEDIA_KEY_INVALID]])));
}
