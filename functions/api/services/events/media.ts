import { smallKeyOf } from '../../../../src/shared/media';

/** Image types accepted for upload, with the extension their key gets. SVG only comes from the seeder. */
export const MEDIA_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The keys of an image: the large one (what events store) and its small sibling for phones. */
export function mediaKeys(name: string) {
  const large = `img/${name}`;
  return { large, small: smallKeyOf(large) };
}
