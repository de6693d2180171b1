import { client, unwrap } from '../../../lib/api';
import type { QueueAction, QueueSetting } from '../../../shared/schemas/queue';

const param = (eventId: number) => ({ id: String(eventId) });

/** GET /admin/queues/:id: the setting and the live counts. */
export const readQueue = (eventId: number) => unwrap(client.admin.queues[':id'].$get({ param: param(eventId) }));

/** PUT /admin/queues/:id: marks the event as "Venta con fila" or changes the setting. */
export const saveQueue = (eventId: number, json: QueueSetting) =>
  unwrap(client.admin.queues[':id'].$put({ param: param(eventId), json }));

/** DELETE /admin/queues/:id: takes the queue off (only before the opening); `dropped`: the people it drops. */
export const removeQueue = (eventId: number, dropped: number) =>
  unwrap(
    client.admin.queues[':id'].$delete({
      param: param(eventId),
      query: dropped > 0 ? { confirm_dropped: String(dropped) } : {},
    }),
  );

/** POST /admin/queues/:id/control: pause, resume, close (or back to the normal sale), reopen, the waiting list. */
export const controlQueue = (eventId: number, action: QueueAction) =>
  unwrap(client.admin.queues[':id'].control.$post({ param: param(eventId), json: { action } }));

/** PATCH /admin/queues/:id/rate: the admission rate and the hold limit. */
export const rateQueue = (eventId: number, json: { rate_per_minute?: number; hold_limit?: number | null }) =>
  unwrap(client.admin.queues[':id'].rate.$patch({ param: param(eventId), json }));
