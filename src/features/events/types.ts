import type { Api, DataOf } from '../../lib/contract';

/** An event in the public listings (cards). */
export type EventCard = DataOf<Api['events']['$get']>[number];
/** An event's public page: dates, ticket types and venue. */
export type PublicEvent = DataOf<Api['events'][':id']['$get']>;
export type PublicTicketType = PublicEvent['dates'][number]['ticket_types'][number];
/** An event as its producer's back office lists it. */
export type ManagedEvent = DataOf<Api['admin']['events']['$get']>[number];
export type Province = DataOf<Api['locations']['$get']>['provincias'][number];
/** A producer the caller belongs to, with their role in it. */
export type MyProducer = DataOf<Api['admin']['producers']['$get']>[number];
/** A venue the caller's producers used before. */
export type ManagedVenue = DataOf<Api['admin']['venues']['$get']>[number];
