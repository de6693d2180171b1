import { z } from 'zod';
import { localInputToIso, toArIso } from '../dates';
import { MEDIA_KEY_PATTERN } from '../media';
import { FIELD_MSG, MSG } from '../messages/common';
import {
  CATEGORIES,
  EVENT_FIELD_MSG,
  EVENT_MSG,
  MEDIA_FIELD_MSG,
  PRODUCER_FIELD_MSG,
  VENUE_FIELD_MSG,
} from '../messages/events';

export const MEDIA_KEY_INVALID = MEDIA_FIELD_MSG.invalid;

/**
 * An image field of a form (event cover or flyer, producer logo): empty, or a key of the upload endpoint's
 * format. That the key was issued to the caller is checked by the API (services/events/media.ts).
 */
export const MediaKeySchema = z
  .union([z.literal(''), z.string({ error: MEDIA_KEY_INVALID }).regex(MEDIA_KEY_PATTERN, MEDIA_KEY_INVALID)], {
    error: MEDIA_KEY_INVALID,
  })
  .nullish()
  .transform((key) => key || null);

/** A venue (lugar): where an event's dates happen. Provinces come from the location data. */
export const VenueSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, VENUE_FIELD_MSG.nameMin).max(120, VENUE_FIELD_MSG.nameMax),
  address: z.string().trim().min(1, VENUE_FIELD_MSG.addressMin).max(200, VENUE_FIELD_MSG.addressMax),
  city: z.string().trim().min(1, VENUE_FIELD_MSG.cityMin).max(100, VENUE_FIELD_MSG.cityMax),
  provinces_id: z.coerce
    .number({ error: VENUE_FIELD_MSG.provincesId })
    .int(VENUE_FIELD_MSG.provincesId)
    .min(1, VENUE_FIELD_MSG.provincesId)
    .max(24, VENUE_FIELD_MSG.provincesId),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
});
export type Venue = z.infer<typeof VenueSchema>;

export const VenueInputSchema = VenueSchema.omit({ id: true });
export type VenueInput = z.infer<typeof VenueInputSchema>;

/** A Google Maps search link for a venue (coordinates when known, else the address). */
export function mapLink(venue: Pick<Venue, 'name' | 'address' | 'city' | 'lat' | 'lng'>, province?: string): string {
  const query =
    venue.lat != null && venue.lng != null
      ? `${venue.lat},${venue.lng}`
      : [venue.name, venue.address, venue.city, province].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MSG.maxChars(max))
    .nullish()
    .transform((v) => v || null);

const optionalUrl = z
  .string()
  .trim()
  .max(200, PRODUCER_FIELD_MSG.optionalUrlMax)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), PRODUCER_FIELD_MSG.optionalUrlCheck)
  .nullish()
  .transform((v) => v || null);

/** A producer (productora): who organises events. Its members are managed by the collaborators work. */
export const ProducerSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(2, EVENT_MSG.producerNameRequired).max(80, FIELD_MSG.maxChars(80)),
  slug: z.string(),
  logo_key: z.string().nullable(),
  description: z.string().trim().max(2000, PRODUCER_FIELD_MSG.descriptionMax).default(''),
  contact_email: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MSG.emailInvalid)
    .nullish()
    .transform((v) => v || null),
  contact_phone: optionalText(30),
  instagram: optionalUrl,
  facebook: optionalUrl,
  website: optionalUrl,
  city: optionalText(100),
  provinces_id: z.coerce.number().int().min(1).max(24).nullish(),
});
export type Producer = z.infer<typeof ProducerSchema>;

export const ProducerInputSchema = ProducerSchema.omit({ id: true, slug: true }).extend({
  logo_key: MediaKeySchema,
});
export type ProducerInput = z.infer<typeof ProducerInputSchema>;

/** A URL slug from a name: 'La Trastienda Club' -> 'la-trastienda-club'. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'sin-nombre'
  );
}
