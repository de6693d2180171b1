import { client } from '../../../lib/api';

/** GET /checkin/ping: the scanner's light heartbeat (the raw body: a captive portal answers 200 too). */
export const heartbeat = async () => {
  const res = await client.checkin.ping.$get();
  return res.ok ? ((await res.json().catch(() => null)) as unknown) : null;
};
