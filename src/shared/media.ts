/** URLs of uploaded images (R2 binding MEDIA, served by the provider API through the edge: functions/edge/proxy.ts). */

/** 'img/abc.webp' -> 'img/abc-sm.webp': the small sibling every upload has (for phones). */
export const smallKeyOf = (key: string) => key.replace(/(\.[a-z0-9]+)$/, '-sm$1');

export const mediaUrl = (key: string) => `/media/${key}`;

/** `srcset` for an image key: the small variant (640 px wide) and the large one (1600 px). */
export const mediaSrcset = (key: string) => `${mediaUrl(smallKeyOf(key))} 640w, ${mediaUrl(key)} 1600w`;
