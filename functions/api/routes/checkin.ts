import { Hono } from 'hono';
import { CHECKIN_MSG, doorOrder } from '../../../src/shared/checkin';
import {
  CheckinEventParamSchema,
  CheckinGateParamSchema,
  CheckinGateSchema,
  CheckinListParamSchema,
  CheckinListSchema,
  ManualCheckinSchema,
  ScanRequestSchema,
  SyncRequestSchema,
  UndoCheckinSchema,
} from '../../../src/shared/schemas/checkin';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth, requireSignedToken, type SignedTokenVariables } from '../lib/auth';
import { validate } from '../lib/validate';
import { pushDoorSetupChange } from '../services/checkin/push';
import { checkinCounters, checkinOverview, offlineBundle, scannableEvents } from '../services/checkin/reports';
import { logCopied, redeemScans, undoScan } from '../services/checkin/scan';
import {
  checkinSetup,
  createGate,
  createList,
  eventOfGate,
  eventOfList,
  eventTypes,
  renameGate,
  updateList,
} from '../services/checkin/setup';
import { assertCan, can, loadActor, producerOfEvent, visibleProducerIds } from '../services/events/access';

type Ctx = { Bindings: Env; Variables: AuthVariables };

/** The caller may scan this event (tickets.validate on its producer, read from D1). */
async function assertDoorStaff(db: D1Database, session: AuthVariables['session'], eventId: number) {
  const [actor, producerId] = await Promise.all([loadActor(db, session), producerOfEvent(db, eventId)]);
  assertCan(actor, producerId, 'tickets.validate', CHECKIN_MSG.noPermission, eventId);
}

/** The caller may change the event's lists and gates (events.manage on its producer). */
async function assertDoorManager(db: D1Database, session: AuthVariables['session'], eventId: number) {
  const [actor, producerId] = await Promise.all([loadActor(db, session), producerOfEvent(db, eventId)]);
  assertCan(actor, producerId, 'events.manage', CHECKIN_MSG.noManage, eventId);
}

/** Access control at the door: scans decided by the event's check-in authority, lists, gates and reports. */
export const checkin = new Hono<ApiBindings & Ctx & { Variables: SignedTokenVariables }>()
  /** The scanner's heartbeat: no session, no storage; its body tells our server from a captive portal. */
  .get('/checkin/ping', (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: { service: 'boleteria-door' as const } });
  })
  .get('/checkin/events', requireAuth, async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const events = (await scannableEvents(c.env.DB, visibleProducerIds(actor)))
      .filter((e) => can(actor, e.producer_id, 'tickets.validate', e.id))
      .map((e) => ({ ...e, can_manage: can(actor, e.producer_id, 'events.manage', e.id) }));
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: doorOrder(events) });
  })
  .get('/checkin/events/:eventId/setup', requireAuth, validate('param', CheckinEventParamSchema, 404), async (c) => {
    const { eventId } = c.req.valid('param');
    await assertDoorStaff(c.env.DB, c.var.session, eventId);
    const [setup, types] = await Promise.all([checkinSetup(c.env.DB, eventId), eventTypes(c.env.DB, eventId)]);
    return c.json({ status: true, data: { ...setup, types } });
  })
  .post(
    '/checkin/events/:eventId/scan',
    requireSignedToken,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', ScanRequestSchema),
    async (c) => {
      const [outcome] = await redeemScans(c.env, c.var.signed, c.req.valid('param').eventId, [c.req.valid('json')]);
      return c.json({ status: true, data: outcome });
    },
  )
  .post(
    '/checkin/events/:eventId/manual',
    requireSignedToken,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', ManualCheckinSchema),
    async (c) => {
      const [outcome] = await redeemScans(c.env, c.var.signed, c.req.valid('param').eventId, [
        { ...c.req.valid('json'), kind: 'entry' },
      ]);
      return c.json({ status: true, data: outcome });
    },
  )
  .post(
    '/checkin/events/:eventId/undo',
    requireAuth,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', UndoCheckinSchema),
    async (c) => {
      const answer = await undoScan(c.env, c.var.session, c.req.valid('param').eventId, c.req.valid('json'));
      return c.json({ status: true, message: CHECKIN_MSG.undoDone, data: answer });
    },
  )
  /** An offline scanner's queue, in the order it scanned; each scan answered as if sent at once. */
  .post(
    '/checkin/events/:eventId/sync',
    requireSignedToken,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', SyncRequestSchema),
    async (c) => {
      const outcomes = await redeemScans(c.env, c.var.signed, c.req.valid('param').eventId, c.req.valid('json').scans);
      return c.json({ status: true, data: outcomes });
    },
  )
  .get('/checkin/events/:eventId/counters', requireAuth, validate('param', CheckinEventParamSchema, 404), async (c) => {
    const { eventId } = c.req.valid('param');
    await assertDoorStaff(c.env.DB, c.var.session, eventId);
    await logCopied(c.env, eventId);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await checkinCounters(c.env.DB, eventId) });
  })
  .get('/checkin/events/:eventId/overview', requireAuth, validate('param', CheckinEventParamSchema, 404), async (c) => {
    const { eventId } = c.req.valid('param');
    await assertDoorStaff(c.env.DB, c.var.session, eventId);
    await logCopied(c.env, eventId);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await checkinOverview(c.env.DB, eventId) });
  })
  .get('/checkin/events/:eventId/offline', requireAuth, validate('param', CheckinEventParamSchema, 404), async (c) => {
    const { eventId } = c.req.valid('param');
    await assertDoorStaff(c.env.DB, c.var.session, eventId);
    await logCopied(c.env, eventId);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await offlineBundle(c.env.DB, eventId) });
  })
  .post(
    '/checkin/events/:eventId/lists',
    requireAuth,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', CheckinListSchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      await assertDoorManager(c.env.DB, c.var.session, eventId);
      await checkinSetup(c.env.DB, eventId);
      const list = await createList(c.env.DB, eventId, c.req.valid('json'));
      await pushDoorSetupChange(c.env, eventId);
      return c.json({ status: true, message: 'Lista creada.', data: list }, 201);
    },
  )
  .put(
    '/checkin/lists/:listId',
    requireAuth,
    validate('param', CheckinListParamSchema, 404),
    validate('json', CheckinListSchema),
    async (c) => {
      const { listId } = c.req.valid('param');
      const eventId = await eventOfList(c.env.DB, listId);
      await assertDoorManager(c.env.DB, c.var.session, eventId);
      const list = await updateList(c.env.DB, eventId, listId, c.req.valid('json'));
      await pushDoorSetupChange(c.env, eventId);
      return c.json({ status: true, message: 'Lista guardada.', data: list });
    },
  )
  .post(
    '/checkin/events/:eventId/gates',
    requireAuth,
    validate('param', CheckinEventParamSchema, 404),
    validate('json', CheckinGateSchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      await assertDoorManager(c.env.DB, c.var.session, eventId);
      await checkinSetup(c.env.DB, eventId);
      const gate = await createGate(c.env.DB, eventId, c.req.valid('json').name);
      await pushDoorSetupChange(c.env, eventId);
      return c.json({ status: true, message: 'Puerta creada.', data: gate }, 201);
    },
  )
  .put(
    '/checkin/gates/:gateId',
    requireAuth,
    validate('param', CheckinGateParamSchema, 404),
    validate('json', CheckinGateSchema),
    async (c) => {
      const { gateId } = c.req.valid('param');
      const eventId = await eventOfGate(c.env.DB, gateId);
      await assertDoorManager(c.env.DB, c.var.session, eventId);
      const gate = await renameGate(c.env.DB, gateId, c.req.valid('json').name);
      await pushDoorSetupChange(c.env, eventId);
      return c.json({ status: true, message: 'Puerta guardada.', data: gate });
    },
  );
