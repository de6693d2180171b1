import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { type AccessEnv, authenticated, publicRoute } from '../../lib/access';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { MEDIA_TYPES, mediaKeys, readMedia, recordUpload } from '../../services/events/media';

const MAX_BYTES = 4 * 1024 * 1024;

const MediaKeyParam = z.object({
  folder: z.enum(['img', 'seed'], { error: EVENT_MSG.imageNotFound }),
  name: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/, EVENT_MSG.imageNotFound),
});

/**
 * Image upload for covers, flyers and logos. The browser resizes before uploading (a large image and a
 * small one for phones, see src/features/events/lib/resize-image.ts); both are kept under related keys
 * and served by GET /media/<key> (the site's /media/<key> through the edge) with long cache headers.
 */
/** An uploaded (or demo) image, public: what the site's /media/<key> shows through the edge (at /media). */
export const media = new Hono<AccessEnv>().get(
  '/:folder/:name',
  publicRoute(),
  validate('param', MediaKeyParam, 404),
  async (c) => {
    const { folder, name } = c.req.valid('param');
    const image = await readMedia(c.env, `${folder}/${name}`, c.req.raw.headers);
    if (!image) fail(404, EVENT_MSG.imageNotFound);
    return image;
  },
);

/** Uploads (at /admin/media): any signed-in person, for their events' covers, flyers and logos. */
export const adminMedia = new Hono<AccessEnv>().post('/', authenticated(), async (c) => {
  const actor = c.var.actor;
  const form = await c.req.formData().catch(() => null);
  const image = form?.get('image');
  const small = form?.get('small');
  if (!(image instanceof File)) fail(400, EVENT_MSG.imageRequired, { image: [EVENT_MSG.imageRequired] });
  const ext = MEDIA_TYPES[image.type];
  if (!ext) fail(400, EVENT_MSG.imageFormat);
  if (image.size > MAX_BYTES || (small instanceof File && small.size > MAX_BYTES)) fail(413, EVENT_MSG.imageTooLarge);
  const keys = mediaKeys(`${randomToken(12)}.${ext}`);
  const options = { httpMetadata: { contentType: image.type } };
  await c.env.MEDIA.put(keys.large, await image.arrayBuffer(), options);
  const smallFile = small instanceof File && MEDIA_TYPES[small.type] === ext ? small : image;
  await c.env.MEDIA.put(keys.small, await smallFile.arrayBuffer(), options);
  await recordUpload(c.env.DB, keys.large, actor.userId);
  return c.json({ status: true, key: keys.large }, 201);
});
