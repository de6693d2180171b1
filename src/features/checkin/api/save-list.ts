import { client, unwrap } from '../../../lib/api';

type ListBody = { name: string; type_ids: number[]; allow_reentry: boolean };

/** POST /checkin/events/:eventId/lists or PUT /checkin/lists/:listId. */
export const saveList = (eventId: number, listId: number | null, json: ListBody) =>
  listId === null
    ? unwrap(client.checkin.events[':eventId'].lists.$post({ param: { eventId: String(eventId) }, json }))
    : unwrap(client.checkin.lists[':listId'].$put({ param: { listId: String(listId) }, json }));
