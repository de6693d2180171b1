import type { Api, DataOf } from '../../lib/contract';

/** The signed-in buyer's tickets, grouped by event. */
export type TicketGroup = DataOf<Api['tickets']['$get']>[number];
export type TicketDetail = TicketGroup['tickets'][number];
