import { client, unwrap } from '../../../lib/api';

type Sale = Parameters<(typeof client.admin)['box-office']['sales']['$post']>[0]['json'];

/** POST /admin/box-office/sales: a sale paid at the ticket office. */
export async function sellAtBoxOffice(sale: Sale) {
  return (await unwrap(client.admin['box-office'].sales.$post({ json: sale }))).data;
}

/** The ticket types of an event (its public page data), for the box-office form. */
export async function fetchEventTypes(eventId: string) {
  const event = (await unwrap(client.events[':id'].$get({ param: { id: eventId } }))).data;
  return event.dates.flatMap((d) => d.ticket_types.map((t) => ({ ...t, starts_at: d.starts_at })));
}
