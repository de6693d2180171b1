import { Hono } from 'hono';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { randomToken } from '../lib/crypto';
import { fail } from '../lib/errors';
import { loadActor } from '../services/events/access';
import { MEDIA_TYPES, mediaKeys, recordUpload } from '../services/events/media';

const MAX_BYTES = 4 * 1024 * 1024;

/**
 * Image upload for covers, flyers and logos. The browser resizes before uploading (a large image and a
 * small one for phones, see src/features/events/lib/resize-image.ts); both are kept under related keys
 * and served by /media/<key> with long cache headers (keys never change content).
 */
export const media = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .use('/admin/media', requireAuth)
  .post('/admin/media', async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const form = await c.req.formData().catch(() => null);
    const image = form?.get('image');
    const small = form?.get('small');
    if (!(image instanceof File)) fail(400, 'Seleccione una imagen', { image: ['Seleccione una imagen'] });
    const ext = MEDIA_TYPES[image.type];
    if (!ext) fail(400, 'Formato de imagen no admitido: use JPG, PNG o WebP');
    if (image.size > MAX_BYTES || (small instanceof File && small.size > MAX_BYTES))
      fail(413, 'La imagen es demasiado grande (máximo 4 MB)');
    const keys = mediaKeys(`${randomToken(12)}.${ext}`);
    const options = { httpMetadata: { contentType: image.type } };
    await c.env.MEDIA.put(keys.large, await image.arrayBuffer(), options);
    const smallFile = small instanceof File && MEDIA_TYPES[small.type] === ext ? small : image;
    await c.env.MEDIA.put(keys.small, await smallFile.arrayBuffer(), options);
    await recordUpload(c.env.DB, keys.large, actor.userId);
    return c.json({ status: true, key: keys.large }, 201);
  });
