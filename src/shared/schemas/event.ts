import { z } from 'zod';
import { localInputToIso, toArIso } from '../dates';
import { MSG } from '../messages/common';
import { CATEGORIES, EVENT_FIELD_MSG } from '../messages/events';
import { MediaKeySchema } from './media';
import { VenueInputSchema } from './venue';
export type Category = (typeof CATEGORIES)[number];

export const EVENT_STATUSES = ['borrador', 'en_revision', 'publicado', 'cancelado', 'finalizado'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * A date-time as forms send it: the stored form ('2026-12-14T21:00:00-03:00') or a datetime-local value
 * ('2026-12-14T21:00', read as Buenos Aires time). Always normalised to the stored form.
 */
const dateTime = (message: string = MSG.invalidDate) =>
  z.string({ error: message }).transform((value, ctx) => {
    const text = value.trim();
    const iso = localInputToIso(text) ?? (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : null);
    if (!iso || Number.isNaN(new Date(iso).getTime())) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return toArIso(iso);
  });

const optionalDateTime = dateTime().nullish();

export const TicketTypeInputSchema = z
  .object({
    id: z.number().int().optional(),
    name: z
      .string({ error: EVENT_FIELD_MSG.typeName })
      .trim()
      .min(1, EVENT_FIELD_MSG.typeName)
      .max(60, EVENT_FIELD_MSG.typeNameMax),
    description: z.string().trim().max(300, EVENT_FIELD_MSG.typeDescriptionMax).default(''),
    price_cents: z
      .number({ error: EVENT_FIELD_MSG.priceCents })
      .int(EVENT_FIELD_MSG.priceCents)
      .min(0, EVENT_FIELD_MSG.priceCentsMin)
      .max(100_000_000_00, EVENT_FIELD_MSG.priceCentsMax),
    capacity: z
      .number({ error: EVENT_FIELD_MSG.capacity })
      .int(EVENT_FIELD_MSG.capacityInt)
      .min(1, EVENT_FIELD_MSG.capacityMin)
      .max(200_000, EVENT_FIELD_MSG.capacityMax),
    sale_starts_at: optionalDateTime,
    sale_ends_at: optionalDateTime,
    min_per_order: z.number().int().min(1, EVENT_FIELD_MSG.minPerOrderMin).default(1),
    max_per_order: z
      .number()
      .int()
      .min(1, EVENT_FIELD_MSG.maxPerOrderMin)
      .max(50, EVENT_FIELD_MSG.maxPerOrderMax)
      .default(10),
    hidden: z.boolean().default(false),
    named: z.boolean().default(false),
  })
  .refine((t) => t.max_per_order >= t.min_per_order, {
    message: EVENT_FIELD_MSG.maxBelowMin,
    path: ['max_per_order'],
  })
  .refine((t) => !t.sale_starts_at || !t.sale_ends_at || t.sale_ends_at > t.sale_starts_at, {
    message: EVENT_FIELD_MSG.saleEndBeforeStart,
    path: ['sale_ends_at'],
  });
export type TicketTypeInput = z.infer<typeof TicketTypeInputSchema>;

export const EventDateInputSchema = z
  .object({
    id: z.number().int().optional(),
    starts_at: dateTime(EVENT_FIELD_MSG.startsAt),
    ends_at: optionalDateTime,
    doors_at: optionalDateTime,
    ticket_types: z.array(TicketTypeInputSchema).max(20, EVENT_FIELD_MSG.ticketTypesMax).default([]),
  })
  .refine((d) => !d.ends_at || d.ends_at > d.starts_at, {
    message: EVENT_FIELD_MSG.endBeforeStart,
    path: ['ends_at'],
  })
  .refine((d) => !d.doors_at || d.doors_at <= d.starts_at, {
    message: EVENT_FIELD_MSG.doorsAfterStart,
    path: ['doors_at'],
  });
export type EventDateInput = z.infer<typeof EventDateInputSchema>;

/**
 * An event as the wizard and the back office send it: basic data, the venue, and its dates each with
 * its ticket types. A draft may be incomplete; `publishProblems` says what a review still needs.
 */
export const EventInputSchema = z.object({
  producer_id: z.number().int().optional(),
  title: z
    .string({ error: EVENT_FIELD_MSG.title })
    .trim()
    .min(3, EVENT_FIELD_MSG.titleMin)
    .max(120, EVENT_FIELD_MSG.titleMax),
  description: z.string().trim().max(10_000, EVENT_FIELD_MSG.descriptionMax).default(''),
  category: z.enum(CATEGORIES, { error: EVENT_FIELD_MSG.category }),
  min_age: z.number().int().min(0).max(21, EVENT_FIELD_MSG.minAgeMax).nullish(),
  cover_key: MediaKeySchema,
  flyer_key: MediaKeySchema,
  hold_minutes: z
    .number()
    .int()
    .min(5, EVENT_FIELD_MSG.holdMinutesMin)
    .max(30, EVENT_FIELD_MSG.holdMinutesMax)
    .optional(),
  venue: VenueInputSchema.nullish(),
  dates: z.array(EventDateInputSchema).max(60, EVENT_FIELD_MSG.datesMax).default([]),
});
export type EventInput = z.infer<typeof EventInputSchema>;
/** What the form holds before parsing (dates as typed). */
export type EventInputDraft = z.input<typeof EventInputSchema>;

/** What an event still lacks before it can go to review or be published (Spanish, for the user). */
export function publishProblems(event: EventInput, now = new Date()): string[] {
  const problems: string[] = [];
  if (!event.venue) problems.push(EVENT_FIELD_MSG.venueMissing);
  if (event.dates.length === 0) problems.push(EVENT_FIELD_MSG.datesMissing);
  if (event.dates.some((d) => d.ticket_types.length === 0)) problems.push(EVENT_FIELD_MSG.typesMissing);
  if (event.dates.length > 0 && event.dates.every((d) => new Date(d.starts_at) < now))
    problems.push(EVENT_FIELD_MSG.futureDateMissing);
  if (!event.description.trim()) problems.push(EVENT_FIELD_MSG.descriptionMissing);
  return problems;
}

/** Filters of the public catalogue, as they live in the URL. */
export const EventFiltersSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  provincia: z.coerce.number().int().min(1).max(24).optional().catch(undefined),
  categoria: z.enum(CATEGORIES).optional().catch(undefined),
  fecha: z.enum(['hoy', 'fin-de-semana', 'este-mes']).optional().catch(undefined),
  desde: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  hasta: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  productora: z.coerce.number().int().optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
  por_pagina: z.coerce.number().int().min(1).max(48).default(12).catch(12),
});
export type EventFilters = z.infer<typeof EventFiltersSchema>;

// Availability lives in a zod-free module so the ticket selector island does not ship zod.
export { type Availability, availabilityOf } from '../availability';
export { AVAILABILITY_LABEL } from '../messages/checkout';
