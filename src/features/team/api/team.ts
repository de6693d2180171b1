import { client, unwrap } from '../../../lib/api';

/** GET /admin/team: the producers the caller manages, and one producer's members and open invitations. */
export const fetchTeam = (producerId?: number) =>
  unwrap(client.admin.team.$get({ query: producerId ? { producer_id: String(producerId) } : {} }));

/** GET /admin/events: the producer's events, to limit a member to some of them. */
export const fetchProducerEvents = (producerId: number) =>
  unwrap(client.admin.events.$get({ query: { producer_id: String(producerId) } }));
