import { client, unwrap } from '../../../lib/api';
import type { PlatformSettingsInput } from '../../../shared/schemas/settings';

/** PUT /admin/settings/platform (superadmins). */
export async function savePlatformSettings(json: PlatformSettingsInput) {
  return unwrap(client.admin.settings.platform.$put({ json }));
}
