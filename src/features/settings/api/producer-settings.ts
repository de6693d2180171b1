import { client, unwrap } from '../../../lib/api';
import type { ProducerSettingsInput } from '../../../shared/schemas/settings';

/** PUT /admin/settings/producers/:id */
export async function saveProducerSettings(producerId: number, json: ProducerSettingsInput) {
  return unwrap(client.admin.settings.producers[':id'].$put({ param: { id: String(producerId) }, json }));
}
