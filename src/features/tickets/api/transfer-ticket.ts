import { api } from '../../../lib/api';

/** POST /tickets/:id/transfer: offers the ticket to someone by e-mail. */
export const transferTicket = (ticketId: string, email: string) =>
  api<{ message: string }>(`/tickets/${encodeURIComponent(ticketId)}/transfer`, { method: 'POST', json: { email } });
