/** URLs of uploaded images (R2 binding MEDIA, served by the provider API through the edge: functions/edge/proxy.ts). */

/**
 * What an image key can be: one the upload endpoint issues (`img/<random>.<jpg|png|webp>`) or a demo image of
 * the seeder (`seed/<name>.svg`). Anything else (a path such as `../checkout?…`) is never put in a URL.
 */
export const MEDIA_KEY_PATTERN = /^(img\/[A-Za-z0-9_-]{1,64}(-sm)?\.(jpg|png|webp)|seed\/[A-Za-z0-9_-]{1,120}\.svg)$/;

export const isMediaKey = (key: string) => MEDIA_KEY_PATTERN.test(key);

/** 'img/abc.webp' -> 'img/abc-sm.webp': the small sibling every upload has (for phones). */
export const smallKeyOf = (key: string) => key.replace(/(\.[a-z0-9]+)$/, '-sm$1');

/** The image's URL; a key saved before keys were checked that is not a media key points at nothing. */
export const mediaUrl = (key: string) => `/media/${isMediaKey(key) ? key : 'invalid'}`;

/** `srcset` for an image key: the small variant (640 px wide) and the large one (1600 px). */
export const mediaSrcset = (key: string) => `${mediaUrl(smallKeyOf(key))} 640w, ${mediaUrl(key)} 1600w`;
