import { client, unwrap } from '../../../lib/api';
import type { WaitlistJoin } from '../../../shared/schemas/waitlist';

const param = (eventId: number) => ({ id: String(eventId) });

/** POST /waitlist/:id: joins the waiting list of a sold-out type. */
export const joinWaitlist = (eventId: number, json: WaitlistJoin) =>
  unwrap(client.waitlist[':id'].$post({ param: param(eventId), json }));

/** GET /waitlist/:id/me: the caller's entry (position, offer) or null. */
export const myWaitlist = (eventId: number) => unwrap(client.waitlist[':id'].me.$get({ param: param(eventId) }));
