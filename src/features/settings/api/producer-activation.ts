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

/** PUT /admin/settings/platform/producers/:id/trust (superadmins): publishes without review, or not (issue 32). */
export async function setProducerTrust(producerId: number, trusted: boolean) {
  return unwrap(
    client.admin.settings.platform.producers[':id'].trust.$put({
      param: { id: String(producerId) },
      json: { trusted },
    }),
  );
}
