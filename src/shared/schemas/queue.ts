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

/** The producer's live controls. */
export const QueueControlSchema = z.object({
  action: z.enum(['pause', 'resume', 'close'], { error: 'Acción inválida' }),
});
export const QueueRateSchema = QueueSettingSchema.pick({ rate_per_minute: true, hold_limit: true }).partial();
