import { z } from 'zod';

const eventId = z.coerce.number({ error: 'Evento inválido' }).int().positive('Evento inválido');

export const QueueEventParamSchema = z.object({ id: eventId });

/** The producer's setting of "Venta con fila" on an event. */
export const QueueSettingSchema = z.object({
  /** Null: the whole event. Else only this date's tickets go through the queue. */
  event_date_id: z
    .number({ error: 'Fecha inválida' })
    .int('Fecha inválida')
    .positive('Fecha inválida')
    .nullable()
    .default(null),
  opens_at: z.iso.datetime({ offset: true, error: 'Indicá la fecha y hora de apertura' }),
  prequeue_minutes: z
    .number({ error: 'Indicá los minutos de pre-fila' })
    .int('Indicá los minutos de pre-fila')
    .min(1, 'La pre-fila abre al menos 1 minuto antes')
    .max(1440, 'La pre-fila abre como mucho 24 horas antes')
    .default(30),
  dni_cap: z
    .number({ error: 'Tope por DNI inválido' })
    .int('Tope por DNI inválido')
    .min(1, 'El tope por DNI es al menos 1')
    .max(50, 'El tope por DNI es como mucho 50')
    .nullable()
    .default(null),
  rate_per_minute: z
    .number({ error: 'Indicá cuántas personas entran por minuto' })
    .int('Indicá cuántas personas entran por minuto')
    .min(1, 'Entra al menos 1 persona por minuto')
    .max(100_000, 'Como mucho 100.000 personas por minuto')
    .default(60),
  hold_limit: z
    .number({ error: 'Límite de reservas inválido' })
    .int('Límite de reservas inválido')
    .min(1, 'El límite de reservas es al menos 1')
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
export const QueueControlSchema = z.object({ action: z.enum(QUEUE_ACTIONS, { error: 'Acción inválida' }) });

/** Taking the queue off: with people in the pre-queue, their number as the producer was shown it. */
export const QueueRemoveSchema = z.object({
  confirm_dropped: z.coerce
    .number({ error: 'Confirmación inválida' })
    .int('Confirmación inválida')
    .min(0, 'Confirmación inválida')
    .optional(),
});
export const QueueRateSchema = QueueSettingSchema.pick({ rate_per_minute: true, hold_limit: true }).partial();
