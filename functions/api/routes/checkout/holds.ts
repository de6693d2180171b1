import { Hono } from 'hono';
import { z } from 'zod';
import { SEAT_HOLD_MSG } from '../../../../src/shared/messages/checkout';
import { HoldRequestSchema, OrderIdParamSchema } from '../../../../src/shared/schemas/checkout';
import { EventIdSchema } from '../../../../src/shared/schemas/ids';
import { type AccessEnv, authenticated, buyerSession, publicRoute } from '../../lib/access';
import { devOnly } from '../../lib/dev-only';
import { validate } from '../../lib/validate';
import { publicAvailability } from '../../services/checkout/availability';
import { bareHoldCall, createHold, releaseHold } from '../../services/checkout/holds';
import { ownOrder } from '../../services/checkout/orders';
import { seatAvailability, seatedDateOutlines, seatSection } from '../../services/seating/availability';

const EventQuery = z.object({ event_id: EventIdSchema });
const SeatId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, SEAT_HOLD_MSG.seatUnknown);
/** `section`: only that section's taken seats; empty, none (the counts alone); absent, all of them. */
const AvailabilityQuery = EventQuery.extend({ section: z.union([SeatId, z.literal('')]).optional() });
const SectionQuery = EventQuery.extend({
  event_date_id: z.coerce.number().int().positive(),
  section: SeatId,
});

/** A hold's answer: lean (no re-read), GET /orders/:id has the full order. */
const holdAnswer = (hold: Awaited<ReturnType<typeof createHold>>) => ({
  id: hold.orderId,
  status: 'held',
  hold_expires_at: hold.expiresAt,
  subtotal_cents: hold.subtotalCents,
  fee_cents: hold.feeCents,
  total_cents: hold.totalCents,
  discount_cents: hold.discountCents,
});

/** Holds (reservas): tickets set aside for a buyer while they check out. */
export const holds = new Hono<AccessEnv>()
  /** Live availability of a published event's public ticket types, from its inventory object. */
  .get('/availability', publicRoute(), validate('query', EventQuery), async (c) => {
    const data = await publicAvailability(c.env, c.req.valid('query').event_id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  /** A seated event's maps without their seats and what each category costs: they change only with a new version. */
  .get('/seats', publicRoute(), validate('query', EventQuery), async (c) => {
    const data = await seatedDateOutlines(c.env, c.req.valid('query').event_id);
    c.header('cache-control', 'public, max-age=30');
    return c.json({ status: true, data });
  })
  /** The seats taken and what is left per section, from D1's mirror, at most a second old (never the object). */
  /** One section's rows and seats, opened by the buyer's map on demand (a stadium is never loaded whole). */
  .get('/seats/section', publicRoute(), validate('query', SectionQuery), async (c) => {
    const { event_id, event_date_id, section } = c.req.valid('query');
    const data = await seatSection(c.env, event_id, event_date_id, section);
    c.header('cache-control', 'public, max-age=30');
    return c.json({ status: true, data });
  })
  .get('/seats/availability', publicRoute(), validate('query', AvailabilityQuery), async (c) => {
    const { event_id, section } = c.req.valid('query');
    const data = await seatAvailability(c.env, event_id, section);
    c.header('cache-control', 'public, max-age=1');
    return c.json({ status: true, data });
  })
  /** Every buyer at once when a sale opens: the revocation from the isolate's snapshot (buyerSession). */
  .post('/', buyerSession(), validate('json', HoldRequestSchema), async (c) => {
    const hold = await createHold(c.env, c.var.session.user.id, c.req.valid('json'));
    return c.json({ status: true, data: holdAnswer(hold) }, 201);
  })
  /**
   * Development only (DEV_MODE; 404 otherwise): the seats benchmark's ceiling (issue 33), a bare call to the event's
   * object through the same path as a hold: the edge with the buyer's session, this session check, the hold's body
   * read and validated, and an answer of the same shape. Only the object's work differs from POST /holds.
   */
  .post('/ceiling', buyerSession(), devOnly(), validate('json', HoldRequestSchema), async (c) =>
    c.json({ status: true, data: holdAnswer(await bareHoldCall(c.env, c.req.valid('json').event_id)) }, 201),
  )
  .delete('/:id', authenticated('session'), validate('param', OrderIdParamSchema, 404), async (c) => {
    const order = await ownOrder(c.env, c.req.valid('param').id, c.var.session.user.id);
    const released = await releaseHold(c.env, order);
    return c.json({ status: true, released });
  });
