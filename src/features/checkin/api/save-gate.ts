import { client, unwrap } from '../../../lib/api';

/** POST /checkin/events/:eventId/gates or PUT /checkin/gates/:gateId. */
export const saveGate = (eventId: number, gateId: number | null, name: string) =>
  gateId === null
    ? unwrap(client.checkin.events[':eventId'].gates.$post({ param: { eventId: String(eventId) }, json: { name } }))
    : unwrap(client.checkin.gates[':gateId'].$put({ param: { gateId: String(gateId) }, json: { name } }));
