import { client, unwrap } from '../../../lib/api';

/** DELETE /tickets/:id/transfer: takes a pending offer back. */
export const cancelTransfer = (id: string) => unwrap(client.tickets[':id'].transfer.$delete({ param: { id } }));
