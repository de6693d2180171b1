import { client, unwrap } from '../../../lib/api';

/** DELETE /holds/:orderId: gives the held tickets back at once. */
export const releaseHold = (orderId: string) => unwrap(client.holds[':id'].$delete({ param: { id: orderId } }));
