import { client, unwrap } from '../../../lib/api';

/** PUT /admin/settings/platform/producers/:id/activation (superadmins). */
export async function setProducerActivation(producerId: number, activo: boolean) {
  return unwrap(
    client.admin.settings.platform.producers[':id'].activation.$put({
      param: { id: String(producerId) },
      json: { activo },
    }),
  );
}
