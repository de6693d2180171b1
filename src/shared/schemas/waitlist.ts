import { z } from 'zod';
import { WAITLIST_MSG } from '../messages/waitlist';
import { EventIdSchema } from './ids';

export const WaitlistEventParamSchema = z.object({ id: EventIdSchema });

/** Joining the waiting list of a sold-out ticket type. */
export const WaitlistJoinSchema = z.object({
  ticket_type_id: z.number({ error: WAITLIST_MSG.unknownType }).int().positive(WAITLIST_MSG.unknownType),
  quantity: z
    .number({ error: WAITLIST_MSG.quantityMax(50) })
    .int(WAITLIST_MSG.quantityMax(50))
    .min(1, WAITLIST_MSG.quantityMax(50))
    .max(50, WAITLIST_MSG.quantityMax(50)),
  accept_fewer: z.boolean().default(false),
});
export type WaitlistJoin = z.infer<typeof WaitlistJoinSchema>;

export const WaitlistSettingSchema = z.object({
  offer_minutes: z
    .number({ error: WAITLIST_MSG.offerMinutes })
    .int(WAITLIST_MSG.offerMinutes)
    .min(10, WAITLIST_MSG.offerMinutes)
    .max(1440, WAITLIST_MSG.offerMinutes),
});
