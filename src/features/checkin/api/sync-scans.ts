import { client, unwrap } from '../../../lib/api';
import type { QueuedScan } from '../lib/door-store';

/** POST /checkin/events/:eventId/sync: the offline queue, in scan order. */
export const syncScans = (eventId: number, scans: QueuedScan[]) =>
  unwrap(
    client.checkin.events[':eventId'].sync.$post({
      param: { eventId: String(eventId) },
      json: {
        scans: scans.map((s) => ({
          code: s.code,
          ticket_id: s.ticket_id,
          nonce: s.nonce,
          list_id: s.list_id,
          gate_id: s.gate_id,
          device: s.device,
          kind: s.kind,
          client_at: s.client_at,
          local_result: s.local_result,
        })),
      },
    }),
  );
