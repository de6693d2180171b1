import { env } from 'cloudflare:test';
import { type Context, Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Declaration, publicRoute } from '../../../functions/api/lib/access';
import { sha256Hex } from '../../../functions/api/lib/crypto';
import { signTicketCode } from '../../../functions/domain/checkout/ticket-signing';
import { sealSecret } from '../../../functions/lib/secret-box';
import { type Permission, permissionsForMember, permissionsOf } from '../../../src/shared/roles';
import { withKey } from '../integrations/key-fixtures';
import { provider } from '../kit/http';
import { CALLER_SHAPE, CALLERS, type CallerName, type ScopeWorld, scopeWorld } from '../team/scope-fixtures';
import { type KeyCaller, keyAllowedBy, keyCallers, keysMayCall } from './key-callers';
import { type ApiRoute, apiRoutes, routesOf } from './route-list';

/**
 * Every route of the provider API, enumerated from the app (`api.routes`):
 * 1. declares exactly one permission and scope (functions/api/lib/access.ts);
 * 2. answers each of nine callers as its declaration says: allowed (anything but 401/403) or refused
 *    (401 for a visitor, 403 otherwise), and never a 5xx.
 * Each route needs a sample request below; the requests are harmless (mostly invalid bodies, answered
 * 400 after the permission check, or targets that answer 404/409), so the order of the routes is free.
 */

/** What a sample request names, for the expected answer: P1 ('own') or P2, event E1 or E2, or nothing. */
type Named = { producer?: 'own' | 'other'; event?: 'e1' | 'e2' };
type Sample = { path: string; body?: unknown; named?: Named };

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
let oauthState = '';
let codeE1 = '';
const webhook = { endpoint: '', delivery: 0 };

const SAMPLES: Record<string, (w: ScopeWorld) => Sample> = {
  // Accounts (public or any signed-in person)
  'GET /locations': () => ({ path: '/locations' }),
  'POST /login': () => ({ path: '/login', body: {} }),
  'POST /register': () => ({ path: '/register', body: {} }),
  'GET /verify-email': () => ({ path: '/verify-email?token=x' }),
  'POST /resend-verification': () => ({ path: '/resend-verification', body: {} }),
  'POST /change-pending-email': () => ({ path: '/change-pending-email', body: {} }),
  'POST /restore-password': () => ({ path: '/restore-password', body: {} }),
  'POST /reset-password': () => ({ path: '/reset-password', body: {} }),
  'POST /refresh': () => ({ path: '/refresh' }),
  'POST /logout': () => ({ path: '/logout', body: {} }),
  'GET /user': () => ({ path: '/user' }),
  'PUT /user': () => ({ path: '/user', body: { name: 1 } }),
  'PUT /password': () => ({ path: '/password', body: { token: 'x', password: 'a' } }),
  'POST /change-email': () => ({ path: '/change-email', body: {} }),
  'POST /resend-change-email': () => ({ path: '/resend-change-email', body: {} }),
  'GET /verify-change-email': () => ({ path: '/verify-change-email?token=x' }),
  // Public catalogue
  'GET /events': () => ({ path: '/events' }),
  'GET /events/featured': () => ({ path: '/events/featured' }),
  'GET /events/:id/unlock': (w) => ({ path: `/events/${w.e1}/unlock?codigo=NOEXISTE` }),
  'GET /events/:id': (w) => ({ path: `/events/${w.e1}` }),
  'GET /catalog/version': () => ({ path: '/catalog/version' }),
  'GET /producers': () => ({ path: '/producers' }),
  'GET /producers/:slug': () => ({ path: '/producers/no-existe' }),
  'GET /media/:folder/:name': () => ({ path: '/media/img/no-existe.webp' }),
  'POST /revocations': () => ({ path: '/revocations', body: {} }),
  'POST /webhooks/mercadopago': () => ({ path: '/webhooks/mercadopago', body: {} }),
  'GET /team/invitations/:token': () => ({ path: `/team/invitations/${'x'.repeat(32)}` }),
  'GET /invitations/open/:token': () => ({ path: `/invitations/open/${'x'.repeat(32)}` }),
  'GET /tickets/public-key': () => ({ path: '/tickets/public-key' }),
  // Buyers
  'GET /holds/availability': (w) => ({ path: `/holds/availability?event_id=${w.e1}` }),
  'GET /holds/seats': (w) => ({ path: `/holds/seats?event_id=${w.e1}` }),
  'GET /holds/seats/section': (w) => ({ path: `/holds/seats/section?event_id=${w.e1}&event_date_id=1&section=platea` }),
  'GET /holds/seats/availability': (w) => ({ path: `/holds/seats/availability?event_id=${w.e1}` }),
  'POST /holds': () => ({ path: '/holds', body: {} }),
  'POST /holds/ceiling': () => ({ path: '/holds/ceiling', body: {} }),
  'DELETE /holds/:id': () => ({ path: `/holds/${UNKNOWN_UUID}` }),
  'GET /orders/:id': (w) => ({ path: `/orders/${w.orderId}` }),
  'POST /orders/:id/checkout': (w) => ({ path: `/orders/${w.orderId}/checkout`, body: {} }),
  'GET /tickets': () => ({ path: '/tickets' }),
  'GET /tickets/:id/calendar.ics': (w) => ({ path: `/tickets/${w.ticketId}/calendar.ics` }),
  'POST /tickets/:id/transfer': (w) => ({ path: `/tickets/${w.ticketId}/transfer`, body: {} }),
  'POST /tickets/:id/resale': (w) => ({ path: `/tickets/${w.ticketId}/resale` }),
  'GET /tickets/:id/resale': (w) => ({ path: `/tickets/${w.ticketId}/resale` }),
  'DELETE /tickets/:id/resale': (w) => ({ path: `/tickets/${w.ticketId}/resale` }),
  'POST /tickets/transfers/accept': () => ({ path: '/tickets/transfers/accept', body: {} }),
  'DELETE /tickets/:id/transfer': (w) => ({ path: `/tickets/${w.ticketId}/transfer` }),
  'GET /tickets/transfers/preview': () => ({ path: '/tickets/transfers/preview?token=ningun-token-valido' }),
  'POST /team/invitations/:token/accept': () => ({ path: `/team/invitations/${'x'.repeat(32)}/accept` }),
  // Refund by the producer
  'POST /orders/:id/refund': (w) => ({ path: `/orders/${w.orderId}/refund`, body: { reason: 5 }, named: e1 }),
  // Back-office events
  'GET /admin/events': () => ({ path: '/admin/events' }),
  'POST /admin/events': (w) => ({ path: '/admin/events', body: { producer_id: w.producerId }, named: own }),
  'GET /admin/events/:id': (w) => ({ path: `/admin/events/${w.e1}`, named: e1 }),
  'PUT /admin/events/:id': (w) => ({ path: `/admin/events/${w.e1}`, body: {}, named: e1 }),
  'POST /admin/events/:id/duplicate': (w) => ({ path: `/admin/events/${w.e1}/duplicate`, named: e1 }),
  'POST /admin/events/:id/publish': (w) => ({ path: `/admin/events/${w.e1}/publish`, named: e1 }),
  'POST /admin/events/:id/unpublish': (w) => ({ path: `/admin/events/${w.e2}/unpublish`, named: e2 }),
  'POST /admin/events/:id/cancel': (w) => ({ path: `/admin/events/${w.e1}/cancel`, body: { reason: 5 }, named: e1 }),
  'POST /admin/events/:id/cancellation/retry': (w) => ({ path: `/admin/events/${w.e1}/cancellation/retry`, named: e1 }),
  'POST /admin/events/:id/resales/:ticket/retry': (w) => ({
    path: `/admin/events/${w.e1}/resales/${w.ticketId}/retry`,
    named: e1,
  }),
  'DELETE /admin/events/:id': (w) => ({ path: `/admin/events/${w.e1}`, named: e1 }),
  'GET /admin/producers': () => ({ path: '/admin/producers' }),
  'GET /admin/producers/:id': (w) => ({ path: `/admin/producers/${w.producerId}`, named: own }),
  'PUT /admin/producers/:id': (w) => ({ path: `/admin/producers/${w.producerId}`, body: {}, named: own }),
  'GET /admin/venues': () => ({ path: '/admin/venues' }),
  'POST /admin/media': () => ({ path: '/admin/media', body: {} }),
  // Platform
  'GET /admin/moderation': () => ({ path: '/admin/moderation' }),
  'POST /admin/moderation/:id/approve': (w) => ({ path: `/admin/moderation/${w.e1}/approve` }),
  'POST /admin/moderation/:id/reject': (w) => ({ path: `/admin/moderation/${w.e1}/reject`, body: {} }),
  'GET /admin/settings/platform': () => ({ path: '/admin/settings/platform' }),
  'PUT /admin/settings/platform': () => ({ path: '/admin/settings/platform', body: {} }),
  'GET /admin/settings/platform/producers': () => ({ path: '/admin/settings/platform/producers' }),
  'PUT /admin/settings/platform/producers/:id/activation': (w) => ({
    path: `/admin/settings/platform/producers/${w.producerId}/activation`,
    body: {},
  }),
  'PUT /admin/settings/platform/producers/:id/trust': (w) => ({
    path: `/admin/settings/platform/producers/${w.producerId}/trust`,
    body: {},
  }),
  // Producer-level configuration
  'GET /admin/settings/producers/:id': (w) => ({ path: `/admin/settings/producers/${w.producerId}`, named: own }),
  'PUT /admin/settings/producers/:id': (w) => ({
    path: `/admin/settings/producers/${w.producerId}`,
    body: { fee: 'x' },
    named: own,
  }),
  'GET /admin/mercadopago/producers/:id': (w) => ({ path: `/admin/mercadopago/producers/${w.producerId}`, named: own }),
  'POST /admin/mercadopago/producers/:id/authorization': (w) => ({
    path: `/admin/mercadopago/producers/${w.producerId}/authorization`,
    named: own,
  }),
  'POST /admin/mercadopago/callback': () => ({
    path: '/admin/mercadopago/callback',
    body: { state: oauthState, code: '' },
    named: own,
  }),
  'DELETE /admin/mercadopago/producers/:id': (w) => ({
    path: `/admin/mercadopago/producers/${w.producerId}`,
    named: own,
  }),
  // Team
  'GET /admin/team': (w) => ({ path: `/admin/team?producer_id=${w.producerId}`, named: own }),
  'POST /admin/team/invitations': (w) => ({
    path: '/admin/team/invitations',
    body: { producer_id: w.producerId, email: 'no-es-correo' },
    named: own,
  }),
  'POST /admin/team/invitations/:id/resend': (w) => ({
    path: `/admin/team/invitations/${UNKNOWN_UUID}/resend`,
    body: { producer_id: w.producerId },
    named: own,
  }),
  'DELETE /admin/team/invitations/:id': (w) => ({
    path: `/admin/team/invitations/${UNKNOWN_UUID}?producer_id=${w.producerId}`,
    named: own,
  }),
  'PUT /admin/team/members/:userId': (w) => ({
    path: '/admin/team/members/999999999',
    body: { producer_id: w.producerId, role: 'DOOR', event_ids: [] },
    named: own,
  }),
  'DELETE /admin/team/members/:userId': (w) => ({
    path: `/admin/team/members/999999999?producer_id=${w.producerId}`,
    named: own,
  }),
  // Sales back office
  'GET /admin/sales/dashboard': (w) => ({ path: `/admin/sales/dashboard?producer_id=${w.producerId}`, named: own }),
  'GET /admin/finance': (w) => ({ path: `/admin/finance?event_id=${w.e1}`, named: e1 }),
  'GET /admin/exports/finance': (w) => ({ path: `/admin/exports/finance?event_id=${w.e2}&format=csv`, named: e2 }),
  'GET /admin/exports/orders': (w) => ({
    path: `/admin/exports/orders?producer_id=${w.producerId}&format=csv`,
    named: own,
  }),
  'GET /admin/exports/attendees': (w) => ({ path: `/admin/exports/attendees?event_id=${w.e1}&format=csv`, named: e1 }),
  'POST /admin/box-office/sales': (w) => ({ path: '/admin/box-office/sales', body: { event_id: w.e1 }, named: e1 }),
  'GET /admin/box-office/report': (w) => ({ path: `/admin/box-office/report?event_id=${w.e2}`, named: e2 }),
  'GET /admin/orders': () => ({ path: '/admin/orders' }),
  'GET /admin/orders/:id': (w) => ({ path: `/admin/orders/${w.orderId}`, named: e1 }),
  'POST /admin/orders/:id/resend': (w) => ({ path: `/admin/orders/${w.orderId}/resend`, body: {}, named: e1 }),
  'POST /admin/orders/:id/refund': (w) => ({ path: `/admin/orders/${w.orderId}/refund`, body: {}, named: e1 }),
  'GET /admin/orders/:id/tickets.pdf': (w) => ({ path: `/admin/orders/${w.orderId}/tickets.pdf`, named: e1 }),
  'POST /admin/orders/:id/tickets-mail': (w) => ({
    path: `/admin/orders/${w.orderId}/tickets-mail`,
    body: {},
    named: e1,
  }),
  'POST /admin/tickets/:id/holder': (w) => ({ path: `/admin/tickets/${w.ticketId}/holder`, body: {}, named: e1 }),
  // Complimentary invitations
  'GET /admin/invitations': (w) => ({ path: `/admin/invitations?event_id=${w.e1}`, named: e1 }),
  'POST /admin/invitations': (w) => ({ path: '/admin/invitations', body: { event_id: w.e2 }, named: e2 }),
  'POST /admin/invitations/import': (w) => ({ path: '/admin/invitations/import', body: { event_id: w.e1 }, named: e1 }),
  'PUT /admin/invitations/quotas': (w) => ({ path: '/admin/invitations/quotas', body: { event_id: w.e1 }, named: e1 }),
  'POST /admin/invitations/:id/revoke': (w) => ({
    path: `/admin/invitations/${w.invitationId}/revoke`,
    body: {},
    named: e1,
  }),
  'POST /admin/invitations/:id/resend': (w) => ({ path: `/admin/invitations/${w.invitationId}/resend`, named: e1 }),
  // The door
  'GET /checkin/ping': () => ({ path: '/checkin/ping' }),
  'GET /checkin/events': () => ({ path: '/checkin/events' }),
  'GET /checkin/events/:eventId/setup': (w) => ({ path: `/checkin/events/${w.e1}/setup`, named: e1 }),
  'POST /checkin/events/:eventId/scan': (w) => ({
    path: `/checkin/events/${w.e1}/scan`,
    body: { code: codeE1, nonce: crypto.randomUUID(), device: 'matriz' },
    named: e1,
  }),
  'POST /checkin/events/:eventId/manual': (w) => ({
    path: `/checkin/events/${w.e2}/manual`,
    body: { ticket_id: 'AAAAAAAAAAAAAAAA', nonce: crypto.randomUUID(), device: 'matriz' },
    named: e2,
  }),
  'POST /checkin/events/:eventId/undo': (w) => ({ path: `/checkin/events/${w.e1}/undo`, body: {}, named: e1 }),
  'POST /checkin/events/:eventId/sync': (w) => ({
    path: `/checkin/events/${w.e1}/sync`,
    body: { scans: [{ code: codeE1, nonce: crypto.randomUUID(), device: 'matriz' }] },
    named: e1,
  }),
  'GET /checkin/events/:eventId/counters': (w) => ({ path: `/checkin/events/${w.e1}/counters`, named: e1 }),
  'GET /checkin/events/:eventId/overview': (w) => ({ path: `/checkin/events/${w.e2}/overview`, named: e2 }),
  'GET /checkin/events/:eventId/offline': (w) => ({ path: `/checkin/events/${w.e1}/offline`, named: e1 }),
  'GET /checkin/events/:eventId/search': (w) => ({ path: `/checkin/events/${w.e2}/search?q=Ana`, named: e2 }),
  'POST /checkin/events/:eventId/lists': (w) => ({ path: `/checkin/events/${w.e1}/lists`, body: {}, named: e1 }),
  'PUT /checkin/lists/:listId': (w) => ({ path: `/checkin/lists/${w.listId}`, body: {}, named: e1 }),
  'POST /checkin/events/:eventId/gates': (w) => ({ path: `/checkin/events/${w.e2}/gates`, body: {}, named: e2 }),
  'PUT /checkin/gates/:gateId': (w) => ({ path: `/checkin/gates/${w.gateId}`, body: {}, named: e1 }),
  'GET /tickets/revocations': (w) => ({ path: `/tickets/revocations?event_id=${w.e1}`, named: e1 }),
  'POST /tickets/verify': () => ({ path: '/tickets/verify', body: { code: codeE1 }, named: e1 }),
  // Venta con fila (E1 and E2 have no queue: the buyer's calls answer 404, the producer's 400 or 404)
  'GET /queues/:id': (w) => ({ path: `/queues/${w.e1}` }),
  'POST /queues/:id/join': (w) => ({ path: `/queues/${w.e1}/join` }),
  'GET /queues/:id/me': (w) => ({ path: `/queues/${w.e2}/me` }),
  'GET /admin/queues/:id': (w) => ({ path: `/admin/queues/${w.e1}`, named: e1 }),
  'PUT /admin/queues/:id': (w) => ({ path: `/admin/queues/${w.e1}`, body: {}, named: e1 }),
  'DELETE /admin/queues/:id': (w) => ({ path: `/admin/queues/${w.e2}`, named: e2 }),
  'POST /admin/queues/:id/control': (w) => ({ path: `/admin/queues/${w.e1}/control`, body: {}, named: e1 }),
  'PATCH /admin/queues/:id/rate': (w) => ({
    path: `/admin/queues/${w.e2}/rate`,
    body: { rate_per_minute: 0 },
    named: e2,
  }),
  // Promo and access codes
  'GET /admin/promo-codes/:producer': (w) => ({ path: `/admin/promo-codes/${w.producerId}`, named: own }),
  'POST /admin/promo-codes/:producer': (w) => ({
    path: `/admin/promo-codes/${w.producerId}`,
    body: { kind: 'discount', discount_type: 'percent', value: 0 },
    named: own,
  }),
  'POST /admin/promo-codes/:producer/bulk': (w) => ({
    path: `/admin/promo-codes/${w.producerId}/bulk`,
    body: { count: 0 },
    named: own,
  }),
  'GET /admin/promo-codes/:producer/report': (w) => ({
    path: `/admin/promo-codes/${w.producerId}/report`,
    named: own,
  }),
  // Waiting list
  'POST /waitlist/:id': (w) => ({ path: `/waitlist/${w.e1}`, body: { ticket_type_id: 0, quantity: 0 } }),
  'GET /waitlist/:id/me': (w) => ({ path: `/waitlist/${w.e1}/me` }),
  'DELETE /waitlist/:id/me': (w) => ({ path: `/waitlist/${w.e2}/me` }),
  'GET /admin/waitlist/:id': (w) => ({ path: `/admin/waitlist/${w.e1}`, named: e1 }),
  'PUT /admin/waitlist/:id': (w) => ({ path: `/admin/waitlist/${w.e2}`, body: { offer_minutes: 0 }, named: e2 }),
  // Webhooks (issue 34): P1's endpoint and delivery, made in beforeAll (the endpoint calls a closed local port).
  'GET /admin/webhooks/producers/:id/endpoints': (w) => ({
    path: `/admin/webhooks/producers/${w.producerId}/endpoints`,
    named: own,
  }),
  'POST /admin/webhooks/producers/:id/endpoints': (w) => ({
    path: `/admin/webhooks/producers/${w.producerId}/endpoints`,
    body: { url: 'ftp://x', event_types: [] },
    named: own,
  }),
  'PATCH /admin/webhooks/endpoints/:id': () => ({
    path: `/admin/webhooks/endpoints/${webhook.endpoint}`,
    body: { url: 1 },
    named: own,
  }),
  'DELETE /admin/webhooks/endpoints/:id': (w) => ({
    path: `/admin/webhooks/endpoints/we_no_existe?producer_id=${w.producerId}`,
    named: own,
  }),
  'POST /admin/webhooks/endpoints/:id/rotate': () => ({
    path: `/admin/webhooks/endpoints/${webhook.endpoint}/rotate`,
    named: own,
  }),
  'POST /admin/webhooks/endpoints/:id/test': () => ({
    path: `/admin/webhooks/endpoints/${webhook.endpoint}/test`,
    named: own,
  }),
  'GET /admin/webhooks/endpoints/:id/deliveries': () => ({
    path: `/admin/webhooks/endpoints/${webhook.endpoint}/deliveries`,
    named: own,
  }),
  'POST /admin/webhooks/deliveries/:id/replay': () => ({
    path: `/admin/webhooks/deliveries/${webhook.delivery}/replay`,
    named: own,
  }),
  'POST /admin/promo-codes/:producer/:id/archive': (w) => ({
    path: `/admin/promo-codes/${w.producerId}/999999999/archive`,
    named: own,
  }),
  // Venue maps (reserved seating)
  'GET /admin/events/:id/seating': (w) => ({ path: `/admin/events/${w.e1}/seating`, named: e1 }),
  'PUT /admin/events/:id/seating': (w) => ({ path: `/admin/events/${w.e1}/seating`, body: {}, named: e1 }),
  'PATCH /admin/events/:id/seating/:date': (w) => ({
    path: `/admin/events/${w.e1}/seating/999999999`,
    body: {},
    named: e1,
  }),
  'GET /admin/events/:id/seating/:date/held-seats': (w) => ({
    path: `/admin/events/${w.e1}/seating/999999999/held-seats`,
    named: e1,
  }),
  'PUT /admin/events/:id/seating/:date/held-seats': (w) => ({
    path: `/admin/events/${w.e1}/seating/999999999/held-seats`,
    body: {},
    named: e1,
  }),
  'GET /admin/seat-maps/:producer': (w) => ({ path: `/admin/seat-maps/${w.producerId}`, named: own }),
  'POST /admin/seat-maps/:producer': (w) => ({ path: `/admin/seat-maps/${w.producerId}`, body: {}, named: own }),
  'POST /admin/seat-maps/:producer/generate': (w) => ({
    path: `/admin/seat-maps/${w.producerId}/generate`,
    body: {},
    named: own,
  }),
  'GET /admin/seat-maps/:producer/:id': (w) => ({ path: `/admin/seat-maps/${w.producerId}/999999999`, named: own }),
  'PUT /admin/seat-maps/:producer/:id': (w) => ({
    path: `/admin/seat-maps/${w.producerId}/999999999`,
    body: {},
    named: own,
  }),
  'POST /admin/seat-maps/:producer/:id/edit': (w) => ({
    path: `/admin/seat-maps/${w.producerId}/999999999/edit`,
    body: {},
    named: own,
  }),
  // Integrations (issue 34): producer API keys and the OpenAPI document
  'GET /admin/api-keys/:producer': (w) => ({ path: `/admin/api-keys/${w.producerId}`, named: own }),
  'POST /admin/api-keys/:producer': (w) => ({ path: `/admin/api-keys/${w.producerId}`, body: {}, named: own }),
  'DELETE /admin/api-keys/:producer/:id': (w) => ({
    path: `/admin/api-keys/${w.producerId}/${UNKNOWN_UUID}`,
    named: own,
  }),
  'GET /openapi.json': () => ({ path: '/openapi.json' }),
  // Personal data (issue 35): one's own only
  'GET /user/data': () => ({ path: '/user/data' }),
  'PUT /user/consents': () => ({ path: '/user/consents', body: {} }),
  'GET /user/deletion': () => ({ path: '/user/deletion' }),
  'POST /user/deletion': () => ({ path: '/user/deletion', body: {} }),
  'GET /admin/settings/producers/:id/retention': (w) => ({
    path: `/admin/settings/producers/${w.producerId}/retention`,
    named: own,
  }),
  'GET /admin/activity/:producer': (w) => ({ path: `/admin/activity/${w.producerId}`, named: own }),
};
const own: Named = { producer: 'own' };
const e1: Named = { producer: 'own', event: 'e1' };
const e2: Named = { producer: 'own', event: 'e2' };

/** May this caller make this request, by the route's declaration alone? */
function allowedBy(declaration: Declaration, caller: CallerName, named: Named = {}): boolean {
  const shape = CALLER_SHAPE[caller];
  if (declaration.kind === 'public') return true;
  if (!shape.signedIn) return false;
  if (declaration.kind === 'authenticated') return true;
  if (shape.superadmin) return true;
  if (declaration.kind === 'superadmin') return false;
  const { permission, scope } = declaration;
  const member = shape.member;
  const grants = (p: Permission) => !!member && (p === 'events.view' || permissionsForMember(member.role).includes(p));
  // A second permission the handler checks (alsoNeeds) is needed as well.
  const holds = (p: Permission) => grants(p) && (!declaration.also || grants(declaration.also));
  if (named.producer) {
    if (!member || member.producer !== named.producer || !holds(permission)) return false;
    if (scope === 'producer') return !member.onlyE1;
    return !named.event || !member.onlyE1 || named.event === 'e1';
  }
  if (permissionsOf('USER', []).includes(permission)) return true;
  return holds(permission) && (scope === 'event' || !member?.onlyE1);
}

/**
 * What is wrong with one answer (null: nothing): a 5xx; a public route refused; an allowed call refused or a
 * refused one allowed; a refusal with another status than `refusal`, or without a Spanish message.
 */
function judge(declaration: Declaration, allowed: boolean, refusal: 401 | 403, status: number, text: string) {
  const refused = status === 401 || status === 403;
  if (status >= 500) return '5xx';
  if (refused && !/^\{"status":false,.*"message":"[^"]+/.test(text)) return 'refusal without a Spanish message';
  if (declaration.kind === 'public') return status === 403 ? 'public route refused' : null;
  if (allowed && refused) return 'refused, declared allowed';
  if (!allowed && !refused) return 'allowed, declared refused';
  if (!allowed && status !== refusal) return 'wrong refusal';
  return null;
}

let world: ScopeWorld;
const routes = apiRoutes();

beforeAll(async () => {
  world = await scopeWorld();
  webhook.endpoint = `we_matriz_${crypto.randomUUID().slice(0, 8)}`;
  const message = `msg_matriz_${crypto.randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `insert into webhook_endpoints (id, producer_id, url, event_types, secret) values (?, ?, 'http://127.0.0.1:9/matriz', '["order.paid"]', ?)`,
    ).bind(webhook.endpoint, world.producerId, await sealSecret(env, 'whsec_AAAA')),
    env.DB.prepare(
      `insert into webhook_outbox (id, producer_id, type, dedupe_key, payload, created_at, fanned) values (?, ?, 'order.paid', ?, '{}', ?, 1)`,
    ).bind(message, world.producerId, message, now),
  ]);
  const delivery = await env.DB.prepare(
    "insert into webhook_deliveries (message_id, endpoint_id, status, created_at) values (?, ?, 'delivered', ?) returning id",
  )
    .bind(message, webhook.endpoint, now)
    .first<{ id: number }>();
  webhook.delivery = delivery?.id ?? 0;
  codeE1 = await signTicketCode(env, world.ticketId, world.e1);
  // A live MercadoPago authorization state of P1, issued to its full administrator.
  oauthState = `estado-matriz-${crypto.randomUUID()}`;
  await env.DB.prepare(
    'insert into mp_oauth_states (state_hash, producer_id, user_id, code_verifier, expires_at) values (?, ?, ?, ?, ?)',
  )
    .bind(
      await sha256Hex(oauthState),
      world.producerId,
      world.people.fullAdmin.id,
      'v'.repeat(43),
      new Date(Date.now() + 600_000).toISOString(),
    )
    .run();
});

describe('every route declares its permission and scope', () => {
  it('the API has routes to check', () => {
    expect(routes.length).toBeGreaterThan(90);
    console.info(`routes: ${routes.length}; matrix cells: ${routes.length * CALLERS.length}`);
  });

  it('the check finds a route that declares nothing, in a sub-app mounted at a prefix', () => {
    const handler = (c: Context) => c.json({ status: true });
    const sub = new Hono().get('/declared', publicRoute(), handler).post('/forgotten', handler);
    const found = routesOf(new Hono().basePath('/api/v1').route('/queue', sub), '/api/v1');
    expect(found.filter((r) => r.declarations.length === 0).map((r) => r.key)).toEqual(['POST /queue/forgotten']);
  });

  it('no route declares nothing, and none declares twice', () => {
    const undeclared = routes.filter((r) => r.declarations.length === 0).map((r) => r.key);
    expect(
      undeclared,
      `These routes declare no permission: add publicRoute(), authenticated(), superAdmin() or requirePermission(…) as their first middleware (functions/api/lib/access.ts):\n  ${undeclared.join('\n  ')}`,
    ).toEqual([]);
    const twice = routes.filter((r) => r.declarations.length > 1).map((r) => r.key);
    expect(twice, `These routes declare more than once: ${twice.join(', ')}`).toEqual([]);
  });

  it('every route has a sample request in this matrix', () => {
    const missing = routes.filter((r) => !SAMPLES[r.key]).map((r) => r.key);
    expect(
      missing,
      `Add a sample request to SAMPLES in tests/api/platform/routes.test.ts for:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
    const stale = Object.keys(SAMPLES).filter((key) => !routes.some((r) => r.key === key));
    expect(stale, 'SAMPLES names routes the API does not have').toEqual([]);
  });
});

/** One call as one caller: straight to the provider with its Bearer token. */
async function as(caller: CallerName, route: ApiRoute, sample: Sample) {
  const headers = new Headers();
  if (caller !== 'visitor') for (const [k, v] of Object.entries(world.people[caller].auth)) headers.set(k, v);
  return provider(sample.path, {
    method: route.method,
    headers,
    body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
  });
}

describe('the caller matrix: each route answers nine callers as declared', () => {
  it('has 0 violations and 0 answers 5xx', { timeout: 240_000 }, async () => {
    const violations: string[] = [];
    let cells = 0;
    let refusals = 0;
    for (const route of routes) {
      const sample = SAMPLES[route.key]?.(world);
      const [declaration] = route.declarations;
      if (!sample || !declaration) continue;
      const answers = await Promise.all(
        CALLERS.map(async (caller) => [caller, await as(caller, route, sample)] as const),
      );
      for (const [caller, res] of answers) {
        cells += 1;
        const text = await res.text();
        const allowed = allowedBy(declaration, caller, sample.named);
        if (!allowed) refusals += 1;
        const refusal = CALLER_SHAPE[caller].signedIn ? 403 : 401;
        const wrong = judge(declaration, allowed, refusal, res.status, text);
        if (wrong) violations.push(`${wrong}: ${route.key} as ${caller}: ${res.status} ${text.slice(0, 160)}`);
      }
    }
    console.info(`matrix: ${cells} cells (${refusals} declared refused), ${violations.length} violations`);
    // Both sides are exercised: a matrix that only ever expects "allowed" would prove nothing.
    expect(refusals).toBeGreaterThan(cells / 4);
    expect(violations, violations.join('\n')).toEqual([]);
    expect(cells).toBe(routes.length * CALLERS.length);
  });
});

describe('the key matrix: each route answers producer API keys as its declaration says', () => {
  let keys: KeyCaller[];
  beforeAll(async () => {
    keys = await keyCallers(world);
  });

  it("a member's key reaches exactly what the member reaches, on every route keys may call", () => {
    const differences: string[] = [];
    for (const key of keys.filter((k) => k.member))
      for (const route of routes) {
        const sample = SAMPLES[route.key]?.(world);
        const [declaration] = route.declarations;
        if (!sample || !declaration || !keysMayCall(declaration)) continue;
        const member = allowedBy(declaration, key.member as CallerName, sample.named);
        if (member !== keyAllowedBy(declaration, key, sample.named))
          differences.push(`${route.key}: ${key.member} ${member ? 'allowed' : 'refused'}, its key not`);
      }
    expect(differences, differences.join('\n')).toEqual([]);
  });

  it('has 0 violations over every route and every key', { timeout: 600_000 }, async () => {
    const violations: string[] = [];
    let cells = 0;
    let refusals = 0;
    for (const route of routes) {
      const sample = SAMPLES[route.key]?.(world);
      const [declaration] = route.declarations;
      if (!sample || !declaration) continue;
      const answers = await Promise.all(
        keys.map(async (key) => {
          const res = await withKey(key.secret, sample.path, {
            method: route.method,
            body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
          });
          return [key, res.status, await res.text()] as const;
        }),
      );
      for (const [key, status, text] of answers) {
        cells += 1;
        const allowed = keyAllowedBy(declaration, key, sample.named);
        if (!allowed) refusals += 1;
        const wrong = judge(declaration, allowed, 403, status, text);
        if (wrong) violations.push(`${wrong}: ${route.key} with ${key.name}: ${status} ${text.slice(0, 160)}`);
      }
    }
    console.info(`key matrix: ${cells} cells (${refusals} declared refused), ${violations.length} violations`);
    expect(refusals).toBeGreaterThan(cells / 4);
    expect(cells - refusals).toBeGreaterThan(routes.length);
    expect(violations, violations.join('\n')).toEqual([]);
    expect(cells).toBe(routes.length * keys.length);
  });
});
