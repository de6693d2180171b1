import { z } from 'zod';
import { MSG } from '../messages/common';
import { QUEUE_FIELD_MSG } from '../messages/queue';
import { EventIdSchema } from './ids';

export const QueueEventParamSchema = z.object({ id: EventIdSchema });

/** The producer's setting of "Venta con fila" on an event. */
export const QueueSettingSchema = z.object({
  /** Null: the whole event. Else only this date's tickets go through the queue. */
  event_date_id: z
    .number({ error: MSG.invalidDate })
    .int(MSG.invalidDate)
    .positive(MSG.invalidDate)
    .nullable()
    .default(null),
  opens_at: z.iso.datetime({ offset: true, error: QUEUE_FIELD_MSG.opensAt }),
  prequeue_minutes: z
    .number({ error: QUEUE_FIELD_MSG.prequeueMinutes })
    .int(QUEUE_FIELD_MSG.prequeueMinutes)
    .min(1, QUEUE_FIELD_MSG.prequeueMinutesMin)
    .max(1440, QUEUE_FIELD_MSG.prequeueMinutesMax)
    .default(30),
  dni_cap: z
    .number({ error: QUEUE_FIELD_MSG.dniCap })
    .int(QUEUE_FIELD_MSG.dniCap)
    .min(1, QUEUE_FIELD_MSG.dniCapMin)
    .max(50, QUEUE_FIELD_MSG.dniCapMax)
    .nullable()
    .default(null),
  rate_per_minute: z
    .number({ error: QUEUE_FIELD_MSG.ratePerMinute })
    .int(QUEUE_FIELD_MSG.ratePerMinute)
    .min(1, QUEUE_FIELD_MSG.ratePerMinuteMin)
    .max(100_000, QUEUE_FIELD_MSG.ratePerMinuteMax)
    .default(60),
  hold_limit: z
    .number({ error: QUEUE_FIELD_MSG.holdLimit })
    .int(QUEUE_FIELD_MSG.holdLimit)
    .min(1, QUEUE_FIELD_MSG.holdLimitMin)
    .nullable()
    .default(null),
});
export type QueueSetting = z.infer<typeof QueueSettingSchema>;

/**
 * The producer's live controls: pause and resume admission; close the queue (`close`: the online sale through it
 * ends; `close_normal`: back to the normal sale); reopen a closed one; open or close the waiting list while the
 * queue runs.
 */
export const QUEUE_ACTIONS = [
  'pause',
  'resume',
  'close',
  'close_normal',
  'reopen',
  'waitlist_open',
  'waitlist_closed',
] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];
export const QueueControlSchema = z.object({ action: z.enum(QUEUE_ACTIONS, { error: QUEUE_FIELD_MSG.action }) });

/** Taking the queue off: with people in the pre-queue, their number as the producer was shown it. */
export const QueueRemoveSchema = z.object({
  confirm_dropped: z.coerce
    .number({ error: QUEUE_FIELD_MSG.confirmDropped })
    .int(QUEUE_FIELD_MSG.confirmDropped)
    .min(0, QUEUE_FIELD_MSG.confirmDropped)
    .optional(),
});
export const QueueRateSchema = QueueSettingSchema.pick({ rate_per_minute: true, hold_limit: true }).partial();
