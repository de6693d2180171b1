import { client, unwrap } from '../../../lib/api';

/** POST /tickets/transfers/accept: the recipient takes the ticket (a new code is issued to them). */
export const acceptTransfer = (token: string) => unwrap(client.tickets.transfers.accept.$post({ json: { token } }));
