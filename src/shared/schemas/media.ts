import { z } from 'zod';
import { MEDIA_KEY_PATTERN } from '../media';
import { MEDIA_FIELD_MSG } from '../messages/events';

export const MEDIA_KEY_INVALID = MEDIA_FIELD_MSG.invalid;

/**
 * An image field of a form (event cover or flyer, producer logo): empty, or a key of the upload endpoint's
 * format. That the key was issued to the caller is checked by the API (services/events/media.ts).
 */
export const MediaKeySchema = z
  .union([z.literal(''), z.string({ error: MEDIA_KEY_INVALID }).regex(MEDIA_KEY_PATTERN, MEDIA_KEY_INVALID)], {
    error: MEDIA_KEY_INVALID,
  })
  .nullish()
  .transform((key) => key || null);
