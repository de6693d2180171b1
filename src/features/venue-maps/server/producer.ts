import type { Api } from '../../../lib/contract';
import { unwrap } from '../../../shared/provider-result';

/**
 * The producer whose maps a back-office page shows (issue 33): the one asked for (`?productora=`) when the caller
 * administers it, else the first one they administer; with every producer they administer, for the switch.
 * A member's ADMIN role (or the superadmin) carries `events.manage`; the API checks each call anyway.
 */
export async function managedProducers(api: Api, wanted: string | null) {
  const all = (await unwrap(api.admin.producers.$get())).data.filter(
    (p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN',
  );
  const id = Number.parseInt(wanted ?? '', 10);
  const current = all.find((p) => p.id === id) ?? all[0] ?? null;
  return { producers: all.map((p) => ({ id: p.id, name: p.name })), current };
}
