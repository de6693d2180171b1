import { Hono } from 'hono';
import { KEPT_SEATS_MSG, SEATED_EVENT_MSG, SEATING_MSG } from '../../../src/shared/messages/seating';
import {
  EventSeatingSchema,
  KeptSeatsSchema,
  SeatGeneratorSchema,
  SeatingDateParamSchema,
  SeatingReleaseSchema,
  SeatMapEditSchema,
  SeatMapIdParamSchema,
  SeatMapParamSchema,
  SeatMapSchema,
} from '../../../src/shared/schemas/seating';
import { editMap, generateMap, isProblem } from '../../domain/seating/seat-map';
import { type AccessEnv, eventParam, producerParam, requirePermission } from '../lib/access';
import { fail } from '../lib/errors';
import { validate } from '../lib/validate';
import { eventSeatingView, setEventSeating } from '../services/seating/events';
import { keptSeats, setKeptSeats, setSeatingRelease } from '../services/seating/kept';
import { createSeatMap, listSeatMaps, readSeatMap, saveSeatMapVersion } from '../services/seating/maps';

/**
 * A producer's venue maps (issue 33), mounted at /admin/seat-maps: `events.manage` producer-wide, like the
 * promo codes. A map is created from the generator or imported as JSON, exported as JSON, edited (blocks,
 * categories, moves) or replaced by a new version; each change is a new version.
 */
const manage = () => requirePermission('events.manage', 'producer', producerParam('producer'), SEATING_MSG.noAccess);
const producer = validate('param', SeatMapParamSchema, 404);
const map = validate('param', SeatMapIdParamSchema, 404);

export const seatMaps = new Hono<AccessEnv>()
  .get('/:producer', manage(), producer, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await listSeatMaps(c.env.DB, c.req.valid('param').producer) });
  })
  /** Imports a map document (docs/api.md, "Venue maps"). */
  .post('/:producer', manage(), producer, validate('json', SeatMapSchema), async (c) => {
    const data = await createSeatMap(c.env.DB, c.req.valid('param').producer, c.req.valid('json'), c.var.actor.userId);
    return c.json({ status: true, message: SEATING_MSG.created, data }, 201);
  })
  .post('/:producer/generate', manage(), producer, validate('json', SeatGeneratorSchema), async (c) => {
    const doc = generateMap(c.req.valid('json'));
    const data = await createSeatMap(c.env.DB, c.req.valid('param').producer, doc, c.var.actor.userId);
    return c.json({ status: true, message: SEATING_MSG.created, data: { ...data, map: doc } }, 201);
  })
  /** Exports the current version as its JSON document. */
  .get('/:producer/:id', manage(), map, async (c) => {
    const { producer: producerId, id } = c.req.valid('param');
    const found = await readSeatMap(c.env.DB, producerId, id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: { id: found.id, version: found.version, map: found.map } });
  })
  /** A new version: the whole document. */
  .put('/:producer/:id', manage(), map, validate('json', SeatMapSchema), async (c) => {
    const { producer: producerId, id } = c.req.valid('param');
    const data = await saveSeatMapVersion(c.env, producerId, id, c.req.valid('json'), c.var.actor.userId);
    return c.json({ status: true, message: SEATING_MSG.updated, data });
  })
  /** A new version made by one edit of the current one. */
  .post('/:producer/:id/edit', manage(), map, validate('json', SeatMapEditSchema), async (c) => {
    const { producer: producerId, id } = c.req.valid('param');
    const current = await readSeatMap(c.env.DB, producerId, id);
    const next = editMap(current.map, c.req.valid('json'));
    if (isProblem(next)) fail(422, next.message, next.errors);
    const data = await saveSeatMapVersion(c.env, producerId, id, next, c.var.actor.userId);
    return c.json({ status: true, message: SEATING_MSG.updated, data });
  });

/** A date of an event sold seat by seat (mounted at /admin/events): `events.manage` on the event. */
const manageEvent = () => requirePermission('events.manage', 'event', eventParam('id'));
const seatedDate = validate('param', SeatingDateParamSchema, 404);

export const eventSeating = new Hono<AccessEnv>()
  /** The event's seated dates: each one's map, wheelchair reserve release and ticket types (the back office's view). */
  .get('/:id/seating', manageEvent(), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await eventSeatingView(c.env.DB, c.var.event.id) });
  })
  .put('/:id/seating', manageEvent(), validate('json', EventSeatingSchema), async (c) => {
    const data = await setEventSeating(c.env, c.var.event, c.req.valid('json'));
    return c.json({ status: true, message: SEATED_EVENT_MSG.saved, data });
  })
  /** Moves a seated date's wheelchair reserve release time (it takes effect at the next sale). */
  .patch('/:id/seating/:date', manageEvent(), seatedDate, validate('json', SeatingReleaseSchema), async (c) => {
    const { wheelchair_release_at } = c.req.valid('json');
    const data = await setSeatingRelease(c.env, c.var.event.id, c.req.valid('param').date, wheelchair_release_at);
    return c.json({ status: true, message: KEPT_SEATS_MSG.releaseSaved, data });
  })
  /** A seated date's held seats (box office, sponsors, RRPP) and their release times. */
  .get('/:id/seating/:date/held-seats', manageEvent(), seatedDate, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await keptSeats(c.env, c.var.event.id, c.req.valid('param').date) });
  })
  .put('/:id/seating/:date/held-seats', manageEvent(), seatedDate, validate('json', KeptSeatsSchema), async (c) => {
    const data = await setKeptSeats(c.env, c.var.event.id, c.req.valid('param').date, c.req.valid('json'));
    return c.json({ status: true, message: KEPT_SEATS_MSG.saved, data });
  });
