import { z } from 'zod';
import { EVENT_MSG } from '../messages/events';
import { KEPT_GROUP_LABEL, KEPT_SEATS_MSG, SEATED_EVENT_MSG, SEATING_MSG } from '../messages/seating';

// ---- Venue maps (reserved seating, issue 33): the JSON a producer imports and exports ----

/** The format tag every map document carries (docs/api.md, "Venue maps"). */
export const SEAT_MAP_FORMAT = 'boleteria.mapa/1';
const seatMapId = z.string({ error: SEATING_MSG.idFormat }).regex(/^[A-Za-z0-9_.:-]{1,64}$/, SEATING_MSG.idFormat);
const seatMapLabel = z
  .string({ error: SEATING_MSG.labelFormat })
  .trim()
  .min(1, SEATING_MSG.labelFormat)
  .max(40, SEATING_MSG.labelFormat);
const coordinate = z
  .number({ error: SEATING_MSG.position })
  .min(-100_000, SEATING_MSG.position)
  .max(100_000, SEATING_MSG.position);
export const SEAT_BLOCKS = ['produccion', 'tecnica', 'casa'] as const;
const blockReason = z.enum(SEAT_BLOCKS, { error: SEATING_MSG.blockReason });

export const SeatSchema = z.object({
  id: seatMapId,
  number: seatMapLabel,
  x: coordinate,
  y: coordinate,
  category: seatMapId,
  wheelchair: z.boolean().default(false),
  companion: z.boolean().default(false),
  restricted_view: z.boolean().default(false),
  /** Kept off sale: production, technical or house seats. */
  blocked: blockReason.nullable().default(null),
});
export type Seat = z.infer<typeof SeatSchema>;

const SeatedSectionSchema = z.object({
  id: seatMapId,
  name: seatMapLabel,
  kind: z.literal('seated'),
  /** The section's offset: its seats' positions are relative to it (moving a section moves only this). */
  x: coordinate.default(0),
  y: coordinate.default(0),
  rows: z
    .array(z.object({ label: seatMapLabel, seats: z.array(SeatSchema).min(1).max(300, SEATING_MSG.seatsRange) }))
    .min(1)
    .max(200, SEATING_MSG.rowsRange),
});
const StandingSectionSchema = z.object({
  id: seatMapId,
  name: seatMapLabel,
  kind: z.literal('standing'),
  x: coordinate.default(0),
  y: coordinate.default(0),
  category: seatMapId,
  capacity: z
    .number({ error: SEATING_MSG.capacity })
    .int(SEATING_MSG.capacity)
    .min(1, SEATING_MSG.capacity)
    .max(200_000, SEATING_MSG.capacity),
});
export const SeatSectionSchema = z.discriminatedUnion('kind', [SeatedSectionSchema, StandingSectionSchema]);
export type SeatSection = z.infer<typeof SeatSectionSchema>;

/** A venue map: categories, sections (seated: rows of seats; standing: a capacity) and the stage's point. */
export const SeatMapSchema = z.object({
  format: z.literal(SEAT_MAP_FORMAT, { error: SEATING_MSG.format }),
  name: z.string({ error: SEATING_MSG.nameMin }).trim().min(1, SEATING_MSG.nameMin).max(120, SEATING_MSG.nameMax),
  stage: z.object({ x: coordinate, y: coordinate }).default({ x: 0, y: -2 }),
  categories: z
    .array(z.object({ key: seatMapId, name: seatMapLabel }))
    .min(1, SEATING_MSG.categoryMissing)
    .max(50),
  sections: z.array(SeatSectionSchema).min(1, SEATING_MSG.sectionsMissing).max(200),
});
export type SeatMap = z.infer<typeof SeatMapSchema>;

/** One section of the generator: rows of seats, numbered the Argentine theatre way or consecutively. */
export const SeatGeneratorSectionSchema = z.object({
  id: seatMapId.optional(),
  name: seatMapLabel,
  category: seatMapId,
  rows: z
    .number({ error: SEATING_MSG.rowsRange })
    .int(SEATING_MSG.rowsRange)
    .min(1, SEATING_MSG.rowsRange)
    .max(200, SEATING_MSG.rowsRange),
  row_labels: z.enum(['letters', 'numbers']).default('letters'),
  /** One count for every row, or one per row (front to back). */
  seats_per_row: z.union([
    z
      .number({ error: SEATING_MSG.seatsRange })
      .int(SEATING_MSG.seatsRange)
      .min(1, SEATING_MSG.seatsRange)
      .max(300, SEATING_MSG.seatsRange),
    z
      .array(z.number().int(SEATING_MSG.seatsRange).min(1, SEATING_MSG.seatsRange).max(300, SEATING_MSG.seatsRange))
      .min(1),
  ]),
  /** 0: straight rows; 1: the row's ends come forward by a quarter of its width. */
  curve: z
    .number({ error: SEATING_MSG.curveRange })
    .min(0, SEATING_MSG.curveRange)
    .max(1, SEATING_MSG.curveRange)
    .default(0),
  /** odd_even: odd seats on the left and even on the right, both counting out from the centre (1 and 2 meet). */
  numbering: z.enum(['odd_even', 'consecutive']).default('odd_even'),
  x: coordinate.optional(),
  y: coordinate.optional(),
});
export const SeatGeneratorSchema = z.object({
  name: SeatMapSchema.shape.name,
  categories: SeatMapSchema.shape.categories,
  sections: z.array(SeatGeneratorSectionSchema).min(1, SEATING_MSG.sectionsMissing).max(200),
  standing: z
    .array(StandingSectionSchema.omit({ kind: true }).partial({ x: true, y: true }))
    .max(50)
    .default([]),
});
export type SeatGenerator = z.infer<typeof SeatGeneratorSchema>;

/** An edit of a map: block or unblock seats, change their category, move a section. */
export const SeatMapEditSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('block'),
    seat_ids: z.array(seatMapId).min(1, SEATING_MSG.seatIdsMissing).max(5000),
    reason: blockReason.nullable(),
  }),
  z.object({
    op: z.literal('category'),
    seat_ids: z.array(seatMapId).min(1, SEATING_MSG.seatIdsMissing).max(5000),
    category: seatMapId,
  }),
  z.object({
    op: z.literal('flags'),
    seat_ids: z.array(seatMapId).min(1, SEATING_MSG.seatIdsMissing).max(5000),
    wheelchair: z.boolean().optional(),
    companion: z.boolean().optional(),
    restricted_view: z.boolean().optional(),
  }),
  z.object({ op: z.literal('move'), section_id: seatMapId, x: coordinate, y: coordinate }),
]);
export type SeatMapEdit = z.infer<typeof SeatMapEditSchema>;

export const SeatMapParamSchema = z.object({
  producer: z.coerce.number({ error: EVENT_MSG.producerNotFound }).int().positive(EVENT_MSG.producerNotFound),
});
export const SeatMapIdParamSchema = SeatMapParamSchema.extend({
  id: z.coerce.number({ error: SEATING_MSG.mapNotFound }).int().positive(SEATING_MSG.mapNotFound),
});

/** A date sold seat by seat: the map it uses and a price for each of the map's categories. */
export const EventSeatingSchema = z.object({
  event_date_id: z.number({ error: SEATED_EVENT_MSG.eventIdInvalid }).int().positive(SEATED_EVENT_MSG.eventIdInvalid),
  map_id: z.number({ error: SEATED_EVENT_MSG.mapIdInvalid }).int().positive(SEATED_EVENT_MSG.mapIdInvalid),
  prices: z
    .array(z.object({ category: seatMapId, price_cents: z.number().int().min(0).max(100_000_000) }))
    .min(1)
    .max(50),
  max_per_order: z.number().int().min(1).max(50).default(10),
  /** The wheelchair reserve's least share of the seats, in percent (Argentine laws ask 2 to 5). */
  wheelchair_percent: z.number().min(0).max(20).default(2),
  /** When the reserve goes on sale to anyone (null: never before the event). */
  wheelchair_release_at: z.iso.datetime({ offset: true, error: SEATED_EVENT_MSG.releaseAt }).nullable().default(null),
});
export type EventSeating = z.infer<typeof EventSeatingSchema>;

/** Who held seats are kept for (issue 33). */
export const KEPT_SEAT_GROUPS = ['boleteria', 'sponsors', 'rrpp'] as const;
export type KeptSeatGroup = (typeof KEPT_SEAT_GROUPS)[number];

const releaseAt = z.iso.datetime({ offset: true, error: KEPT_SEATS_MSG.releaseAt }).nullable().default(null);

/**
 * A seated date's held seats, every group at once: the seats kept off the online sale for the box office, sponsors
 * or RRPP, and when each group goes on sale to anyone (null: kept until the event).
 */
export const KeptSeatsSchema = z.object({
  groups: z
    .array(
      z.object({
        group: z.enum(KEPT_SEAT_GROUPS, { error: KEPT_SEATS_MSG.group }),
        release_at: releaseAt,
        seat_ids: z.array(seatMapId).max(5000, KEPT_SEATS_MSG.tooMany).default([]),
      }),
    )
    .max(KEPT_SEAT_GROUPS.length)
    .superRefine((groups, ctx) => {
      const seen = new Set<string>();
      for (const [i, g] of groups.entries()) {
        if (seen.has(g.group))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'group'],
            message: KEPT_SEATS_MSG.groupTwice(KEPT_GROUP_LABEL[g.group]),
          });
        seen.add(g.group);
      }
    }),
});
export type KeptSeats = z.infer<typeof KeptSeatsSchema>;

/** A change of a seated date's release times: the wheelchair reserve's (null: kept until the event). */
export const SeatingReleaseSchema = z.object({
  wheelchair_release_at: z.iso.datetime({ offset: true, error: SEATED_EVENT_MSG.releaseAt }).nullable(),
});

export const SeatingDateParamSchema = z.object({
  id: z.coerce.number({ error: EVENT_MSG.notFound }).int().positive(EVENT_MSG.notFound),
  date: z.coerce.number({ error: SEATED_EVENT_MSG.dateNotFound }).int().positive(SEATED_EVENT_MSG.dateNotFound),
});
