import { client, unwrap } from '../../../lib/api';
import type { MemberRole } from '../../../shared/roles';

/** PUT /admin/team/members/:userId: role and events (the change reaches their next call). */
export const updateMember = (producerId: number, userId: number, role: MemberRole, eventIds: number[]) =>
  unwrap(
    client.admin.team.members[':userId'].$put({
      param: { userId: String(userId) },
      json: { producer_id: producerId, role, event_ids: eventIds },
    }),
  );

/** DELETE /admin/team/members/:userId: out of the team, from their next call. */
export const removeMember = (producerId: number, userId: number) =>
  unwrap(
    client.admin.team.members[':userId'].$delete({
      param: { userId: String(userId) },
      query: { producer_id: String(producerId) },
    }),
  );
