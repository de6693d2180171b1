import type { Api, DataOf } from '../../lib/contract';

export type TeamView = DataOf<Api['admin']['team']['$get']>;
export type TeamMember = TeamView['members'][number];
export type TeamInvitation = TeamView['invitations'][number];
