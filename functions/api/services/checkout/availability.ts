import { HOLD_MSG } from '../../../../src/shared/messages/checkout';
import type { Availability } from '../../../durable-objects/inventory/types';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';

/**
 * Live availability for the public: only a published event, only its public (not hidden) ticket types.
 * D1 is asked first, so an unknown, draft or cancelled event never reaches (nor creates) an inventory object.
 */
export async function publicAvailability(env: Env, eventId: number): Promise<Availability[]> {
  const { results } = await env.DB.prepare(
    `select t.id from events e join event_dates d on d.event_id = e.id join ticket_types t on t.event_date_id = d.id
     where e.id = ? and e.status = 'publicado' and t.hidden = 0`,
  )
    .bind(eventId)
    .all<{ id: number }>();
  if (results.length === 0) fail(404, HOLD_MSG.noEventOnSale);
  const visible = new Set(results.map((r) => r.id));
  const all = await inventoryOf(env, eventId).availability();
  return all.filter((a) => visible.has(a.typeId));
}
