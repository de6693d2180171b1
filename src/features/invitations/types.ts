import type { Api, DataOf } from '../../lib/contract';

/** GET /admin/invitations: the event, its ticket types, the summary per tag and every invitation. */
export type InvitationsView = DataOf<Api['admin']['invitations']['$get']>;
export type InvitationView = InvitationsView['invitations'][number];
export type TagView = InvitationsView['tags'][number];
