import { type Context, Hono } from 'hono';
import { doorOrder } from '../../../src/shared/checkin';
import { CHECKIN_MSG } from '../../../src/shared/messages/checkin';
import {
  CheckinEventParamSchema,
  CheckinGateParamSchema,
  CheckinGateSchema,
  CheckinListParamSchema,
  CheckinListSchema,
  DoorSearchQuerySchema,
  ManualCheckinSchema,
  ScanRequestSchema,
  SyncRequestSchema,
  UndoCheckinSchema,
} from '../../../src/shared/schemas/checkin';
import { checkinSetup } from '../../domain/checkin/setup';
import { can, visibleProducerIds } from '../../domain/events/access';
import {
  type AccessEnv,
  authenticated,
  eventParam,
  publicRoute,
  requirePermission,
  rowEventParam,
  signedDoorRoute,
  type TargetResolver,
} from '../lib/access';
import { validate } from '../lib/validate';
import { checkinCounters, checkinOverview, offlineBundle, scannableEvents } from '../services/checkin/reports';
import { logCopied, redeemScans, undoScan } from '../services/checkin/scan';
import { searchDoorTickets } from '../services/checkin/search';
import { createGate, createList, eventTypes, renameGate, updateList } from '../services/checkin/setup';
import { audit } from '../services/sales/audit';

/** The caller may scan this event (tickets.validate on it, read from D1). */
const doorStaff = <Found extends object>(target: TargetResolver<Found>) =>
  requirePermission('tickets.validate', 'event', target, CHECKIN_MSG.noPermission);

/**
 * A door report read from D1's copy of the object's scan log: the copy is brought up to date first, and the
 * answer is never cached (counters move with every scan).
 */
async function fromLog<T>(
  c: Pick<Context<AccessEnv>, 'env' | 'header'>,
  eventId: number,
  read: (db: D1Database, eventId: number) => Promise<T>,
): Promise<T> {
  await logCopied(c.env, eventId);
  c.header('cache-control', 'no-store');
  return read(c.env.DB, eventId);
}

/** The caller may change the event's lists and gates (events.manage on it). */
const doorManager = <Found extends object>(target: TargetResolver<Found>) =>
  requirePermission('events.manage', 'event', target, CHECKIN_MSG.noManage);

/**
 * Access control at the door (mounted at /checkin): scans decided by the event's check-in authority,
 * lists, gates and reports.
 */
export const checkin = new Hono<AccessEnv>()
  /** The scanner's heartbeat: no session, no storage; its body tells our server from a captive portal. */
  .get('/ping', publicRoute(), (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: { service: 'boleteria-door' as const } });
  })
  .get('/events', authenticated(), async (c) => {
    const actor = c.var.actor;
    const events = (await scannableEvents(c.env.DB, visibleProducerIds(actor)))
      .filter((e) => can(actor, e.producer_id, 'tickets.validate', e.id))
      .map((e) => ({ ...e, can_manage: can(actor, e.producer_id, 'events.manage', e.id) }));
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: doorOrder(events) });
  })
  .get(
    '/events/:eventId/setup',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    async (c) => {
      const { eventId } = c.req.valid('param');
      const [setup, types] = await Promise.all([checkinSetup(c.env.DB, eventId), eventTypes(c.env.DB, eventId)]);
      return c.json({ status: true, data: { ...setup, types } });
    },
  )
  .post(
    '/events/:eventId/scan',
    signedDoorRoute(),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', ScanRequestSchema),
    async (c) => {
      const [outcome] = await redeemScans(c.env, c.var.signed, c.req.valid('param').eventId, [c.req.valid('json')]);
      return c.json({ status: true, data: outcome });
    },
  )
  .post(
    '/events/:eventId/manual',
    signedDoorRoute(),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', ManualCheckinSchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      const input = c.req.valid('json');
      const [outcome] = await redeemScans(c.env, c.var.signed, eventId, [{ ...input, kind: 'entry' }]);
      // The activity log (issue 35): a manual entry is the staff's decision, unlike a scan.
      if (outcome.ok) {
        const { id, name } = c.var.signed.session.user;
        await audit(
          c.env.DB,
          { userId: id, name },
          {
            producerId: null,
            eventId,
            ticketId: input.ticket_id,
            action: 'manual_checkin',
            detail: { list_id: outcome.list_id, gate_id: outcome.gate_id, device: input.device },
            before: { admitted: false },
            after: { admitted: true },
          },
        );
      }
      return c.json({ status: true, data: outcome });
    },
  )
  .post(
    '/events/:eventId/undo',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', UndoCheckinSchema),
    async (c) => {
      const answer = await undoScan(c.env, c.var.actor, c.var.event.id, c.req.valid('json'));
      return c.json({ status: true, message: CHECKIN_MSG.undoDone, data: answer });
    },
  )
  /** An offline scanner's queue, in the order it scanned; each scan answered as if sent at once. */
  .post(
    '/events/:eventId/sync',
    signedDoorRoute(),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', SyncRequestSchema),
    async (c) => {
      const outcomes = await redeemScans(c.env, c.var.signed, c.req.valid('param').eventId, c.req.valid('json').scans);
      return c.json({ status: true, data: outcomes });
    },
  )
  .get(
    '/events/:eventId/counters',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    async (c) => c.json({ status: true, data: await fromLog(c, c.req.valid('param').eventId, checkinCounters) }),
  )
  .get(
    '/events/:eventId/overview',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    async (c) => c.json({ status: true, data: await fromLog(c, c.req.valid('param').eventId, checkinOverview) }),
  )
  .get(
    '/events/:eventId/offline',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    async (c) => c.json({ status: true, data: await fromLog(c, c.req.valid('param').eventId, offlineBundle) }),
  )
  /** Search by DNI, e-mail, name, short code or order (issue 32); offline the scanner searches its download. */
  .get(
    '/events/:eventId/search',
    doorStaff(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    validate('query', DoorSearchQuerySchema),
    async (c) => {
      c.header('cache-control', 'no-store');
      const data = await searchDoorTickets(c.env.DB, c.req.valid('param').eventId, c.req.valid('query').q);
      return c.json({ status: true, data });
    },
  )
  .post(
    '/events/:eventId/lists',
    doorManager(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', CheckinListSchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      const list = await createList(c.env, eventId, c.req.valid('json'));
      return c.json({ status: true, message: CHECKIN_MSG.listCreated, data: list }, 201);
    },
  )
  .put(
    '/lists/:listId',
    doorManager(rowEventParam('checkin_lists', CHECKIN_MSG.unknownList, 'listId')),
    validate('param', CheckinListParamSchema, 404),
    validate('json', CheckinListSchema),
    async (c) => {
      const { listId } = c.req.valid('param');
      const eventId = c.var.row.event_id;
      const list = await updateList(c.env, eventId, listId, c.req.valid('json'));
      return c.json({ status: true, message: CHECKIN_MSG.listSaved, data: list });
    },
  )
  .post(
    '/events/:eventId/gates',
    doorManager(eventParam('eventId')),
    validate('param', CheckinEventParamSchema, 404),
    validate('json', CheckinGateSchema),
    async (c) => {
      const { eventId } = c.req.valid('param');
      const gate = await createGate(c.env, eventId, c.req.valid('json').name);
      return c.json({ status: true, message: CHECKIN_MSG.gateCreated, data: gate }, 201);
    },
  )
  .put(
    '/gates/:gateId',
    doorManager(rowEventParam('checkin_gates', CHECKIN_MSG.unknownGate, 'gateId')),
    validate('param', CheckinGateParamSchema, 404),
    validate('json', CheckinGateSchema),
    async (c) => {
      const { gateId } = c.req.valid('param');
      const eventId = c.var.row.event_id;
      const gate = await renameGate(c.env, eventId, gateId, c.req.valid('json').name);
      return c.json({ status: true, message: CHECKIN_MSG.gateSaved, data: gate });
    },
  );
