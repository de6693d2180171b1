import { api } from '../../../lib/api';

/** POST /tickets/transfers/accept: the recipient takes the ticket (a new code is issued to them). */
export const acceptTransfer = (token: string) =>
  api<{ message: string }>('/tickets/transfers/accept', { method: 'POST', json: { token } });
