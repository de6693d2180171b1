import { client, unwrap } from '../../../lib/api';

/** POST /tickets/:id/transfer: offers the ticket to someone by e-mail. */
export const transferTicket = (id: string, email: string) =>
  unwrap(client.tickets[':id'].transfer.$post({ param: { id }, json: { email } }));
