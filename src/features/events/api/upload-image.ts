import { client, unwrap } from '../../../lib/api';
import { resizeForUpload } from '../lib/resize-image';

/** POST /admin/media: uploads an image (resized in the browser first) and answers its key. */
export async function uploadImage(file: File): Promise<string> {
  const body = await resizeForUpload(file);
  return (await unwrap(client.admin.media.$post({}, { init: { body } }))).key;
}
