import type { APIRequestContext } from '@playwright/test';

export type TicketType = { id: number; name: string; price_cents: number; named: boolean; remaining: number };
export type PublicEvent = { id: number; title: string; dates: { ticket_types: TicketType[] }[] };

/**
 * A published event of the caller's producer, not behind a virtual queue nor seated, with a paid, not named ticket type with
 * room for 5. `last` takes
 * the last one listed, so specs that refund or discount stay out of the event others (sales.spec.ts) take first.
 */
export async function adminEvent(request: APIRequestContext, pick: 'first' | 'last' = 'first') {
  const managed = (await (await request.get('/api/v1/admin/events')).json()) as {
    data: { id: number; status: string; producer_id: number }[];
  };
  const rows = pick === 'last' ? [...managed.data].reverse() : managed.data;
  for (const { id, status, producer_id } of rows) {
    if (status !== 'publicado') continue;
    const res = await request.get(`/api/v1/events/${id}`);
    if (!res.ok()) continue;
    const event = ((await res.json()) as { data: PublicEvent }).data;
    // A sale behind a virtual queue (another spec's event) needs a turn before any purchase: not this one.
    const queue = (await (await request.get(`/api/v1/queues/${id}`)).json()) as { data: unknown };
    if (queue.data) continue;
    // A seated event (issue 33) is sold seat by seat on its map, not by quantity: not this one.
    if ((await request.get(`/api/v1/holds/seats?event_id=${id}`)).ok()) continue;
    const type = event.dates
      .flatMap((d) => d.ticket_types)
      .find((t) => !t.named && t.price_cents > 0 && t.remaining >= 5);
    if (type) return { event, type, producerId: producer_id };
  }
  throw new Error('The demo admin has no published event with a paid ticket type');
}
