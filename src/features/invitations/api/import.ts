import { client, unwrap } from '../../../lib/api';

import type { KeptSeatGroup } from '../../../shared/schemas/seating';

/** POST /admin/invitations/import: a whole CSV file, all rows or none; `heldGroup`: the file's held seats. */
export async function importInvitations(eventId: number, csv: string, heldGroup?: KeptSeatGroup) {
  const json = { event_id: eventId, csv, ...(heldGroup ? { held_group: heldGroup } : {}) };
  return (await unwrap(client.admin.invitations.import.$post({ json }))).data;
}
