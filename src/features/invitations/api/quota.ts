import { client, unwrap } from '../../../lib/api';

/** PUT /admin/invitations/quotas: how many tickets a tag may give away (null: no limit). */
export async function setTagQuota(eventId: number, tag: string, quota: number | null) {
  return (await unwrap(client.admin.invitations.quotas.$put({ json: { event_id: eventId, tag, quota } }))).data;
}
