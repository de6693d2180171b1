import { client, unwrap } from '../../../lib/api';
import type { PromoBulk, PromoCreate } from '../../../shared/schemas/promo';

const producer = (id: number) => ({ producer: String(id) });

/** GET /admin/promo-codes/:producer?event_id=: the codes that apply to the event, with their use. */
export const listCodes = (producerId: number, eventId: number) =>
  unwrap(
    client.admin['promo-codes'][':producer'].$get({
      param: producer(producerId),
      query: { event_id: String(eventId) },
    }),
  );

export const createCode = (producerId: number, json: PromoCreate) =>
  unwrap(client.admin['promo-codes'][':producer'].$post({ param: producer(producerId), json }));

export const bulkCodes = (producerId: number, json: PromoBulk) =>
  unwrap(client.admin['promo-codes'][':producer'].bulk.$post({ param: producer(producerId), json }));

export const archiveCode = (producerId: number, id: number) =>
  unwrap(
    client.admin['promo-codes'][':producer'][':id'].archive.$post({
      param: { ...producer(producerId), id: String(id) },
    }),
  );

/** GET /admin/waitlist/:id: entries, demand per type, offer time. */
export const readWaitlist = (eventId: number) =>
  unwrap(client.admin.waitlist[':id'].$get({ param: { id: String(eventId) } }));
