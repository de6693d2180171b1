import { Hono } from 'hono';
import { z } from 'zod';
import { CHECKIN_MSG } from '../../../../src/shared/messages/checkin';
import { TICKET_MSG, TRANSFER_MSG } from '../../../../src/shared/messages/checkout';
import {
  AcceptTransferSchema,
  TicketIdParamSchema,
  TransferRequestSchema,
} from '../../../../src/shared/schemas/checkout';
import { EventIdSchema } from '../../../../src/shared/schemas/ids';
import { publicKeyOf, revocationsOf, verifyTicketCode } from '../../../domain/checkout/ticket-signing';
import {
  type AccessEnv,
  authenticated,
  eventQuery,
  publicRoute,
  requirePermission,
  type TargetResolver,
} from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { ticketIcs } from '../../services/checkout/ticket-ics';
import { ticketOf, ticketsOfUser } from '../../services/checkout/ticket-list';
import { acceptTransfer, cancelTransfer, offerTransfer, previewTransfer } from '../../services/checkout/transfer';
import { withResaleOffers } from '../../services/resale/resale';

const EventQuery = z.object({ event_id: EventIdSchema });
const CodeSchema = z.object({ code: z.string().min(1, CHECKIN_MSG.codeInvalid).max(300, CHECKIN_MSG.codeInvalid) });

/**
 * The event a scanned code names, when its signature holds (a forged code names nothing: then the caller
 * must be door staff somewhere to hear so).
 */
const codeEvent: TargetResolver = async (c) => {
  const body = await c.req.json().catch(() => null);
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  const genuine = typeof code === 'string' && code.length <= 300 ? await verifyTicketCode(c.env, code) : null;
  if (!genuine) return {};
  const event = await c.env.DB.prepare('select producer_id from events where id = ?')
    .bind(genuine.eventId)
    .first<{ producer_id: number }>();
  return event ? { producerId: event.producer_id, eventId: genuine.eventId } : {};
};

/** Tickets: the buyer's list, calendar files, transfers, and what offline scanners need. */
export const tickets = new Hono<AccessEnv>()
  .get('/public-key', publicRoute(), async (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.json({ status: true, data: await publicKeyOf(c.env) });
  })
  .get(
    '/revocations',
    requirePermission('tickets.validate', 'event', eventQuery(), CHECKIN_MSG.noRevocations),
    validate('query', EventQuery),
    async (c) => {
      const eventId = c.req.valid('query').event_id;
      return c.json({ status: true, data: await revocationsOf(c.env.DB, eventId) });
    },
  )
  /** Checks a scanned code's signature and whether it is revoked (online counterpart of the offline check). */
  .post(
    '/verify',
    requirePermission('tickets.validate', 'event', codeEvent, CHECKIN_MSG.noValidate),
    validate('json', CodeSchema),
    async (c) => {
      const genuine = await verifyTicketCode(c.env, c.req.valid('json').code);
      if (!genuine) return c.json({ status: true, data: { valid: false, reason: CHECKIN_MSG.codeForged } });
      const ticket = await ticketOf(c.env, genuine.ticketId);
      const valid = ticket?.status === 'valid';
      return c.json({
        status: true,
        data: { valid, ticket_status: ticket?.status ?? null, event_id: genuine.eventId },
      });
    },
  )
  .get('/', authenticated('session'), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({
      status: true,
      data: await withResaleOffers(c.env, await ticketsOfUser(c.env, c.var.session.user.id)),
    });
  })
  .get('/:id/calendar.ics', authenticated('session'), validate('param', TicketIdParamSchema, 404), async (c) => {
    const ticket = await ticketOf(c.env, c.req.valid('param').id);
    if (!ticket || ticket.owner_user_id !== c.var.session.user.id) fail(404, TICKET_MSG.notFound);
    return c.body(ticketIcs(ticket, c.env.PUBLIC_ORIGIN), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${ticket.event_slug || 'evento'}.ics"`,
    });
  })
  .post(
    '/:id/transfer',
    authenticated('session'),
    validate('param', TicketIdParamSchema, 404),
    validate('json', TransferRequestSchema),
    async (c) => {
      await offerTransfer(c.env, c.var.session.user.id, c.req.valid('param').id, c.req.valid('json').email);
      return c.json({
        status: true,
        message: TRANSFER_MSG.sent,
      });
    },
  )
  /** The sender takes a pending offer back; the ticket stays theirs and the e-mailed link stops working. */
  .delete('/:id/transfer', authenticated('session'), validate('param', TicketIdParamSchema, 404), async (c) => {
    await cancelTransfer(c.env, c.var.session.user.id, c.req.valid('param').id);
    return c.json({ status: true, message: TRANSFER_MSG.cancelled });
  })
  /** What a transfer link offers (public: the recipient sees it before signing in). */
  .get('/transfers/preview', publicRoute(), validate('query', AcceptTransferSchema, 404), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await previewTransfer(c.env, c.req.valid('query').token) });
  })
  .post('/transfers/accept', authenticated('session'), validate('json', AcceptTransferSchema), async (c) => {
    const { user } = c.var.session;
    const data = await acceptTransfer(c.env, user, c.req.valid('json').token);
    return c.json({ status: true, message: TICKET_MSG.received, data });
  });
