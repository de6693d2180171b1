import { Hono } from 'hono';
import { connectReactions } from '../domain/commit';
import { CachedRouter } from '../lib/cached-router';
import { refuseDeepJson } from '../lib/json-depth';
import { notFound, onError } from './answers';
import { requireApiKey } from './lib/api-key';
import { idempotency } from './lib/idempotency';
import type { RegisteredRoute } from './lib/openapi';
import { emit } from './reactions';
import { auth } from './routes/accounts/auth';
import { locations } from './routes/accounts/locations';
import { personalDataRoutes } from './routes/accounts/personal-data';
import { user } from './routes/accounts/user';
import { checkin } from './routes/checkin';
import { holds } from './routes/checkout/holds';
import { orders } from './routes/checkout/orders';
import { tickets } from './routes/checkout/tickets';
import { adminEvents, catalog, events } from './routes/events/events';
import { adminMedia, media } from './routes/events/media';
import { moderation } from './routes/events/moderation';
import { adminProducers, producers } from './routes/events/producers';
import { venues } from './routes/events/venues';
import { apiKeys } from './routes/integrations/api-keys';
import { openApiRoute } from './routes/integrations/openapi';
// Producers' webhooks (issue 34, i34b).
import { webhookEndpoints } from './routes/integrations/webhooks';
import { guestInvitations, invitationLinks } from './routes/invitations';
import { webhooks } from './routes/payments/webhooks';
import { promoCodes } from './routes/promo';
import { adminQueues, queues } from './routes/queue';
import { revocations } from './routes/refunds/revocations';
import { resale } from './routes/resale';
import { activity } from './routes/sales/activity';
import { boxOffice } from './routes/sales/box-office';
import { salesDashboard } from './routes/sales/dashboard';
import { salesExports } from './routes/sales/exports';
import { salesFinance } from './routes/sales/finance';
import { salesOrders } from './routes/sales/orders';
import { eventSeating, seatMaps } from './routes/seating';
import { mercadoPagoLink } from './routes/settings/mercadopago-link';
import { settings } from './routes/settings/settings';
import { team, teamInvitations } from './routes/team';
import { adminWaitlistRoutes, waitlist } from './routes/waitlist';

export type ApiBindings = { Bindings: Env };

/**
 * Every resource of the provider API, relative to its base path, each sub-app at its own prefix. Its type
 * is the client's contract. Every route declares who may call it (functions/api/lib/access.ts);
 * tests/api/platform/routes.test.ts enumerates these routes and fails on one that declares nothing.
 * `auth` and `user` answer the spec's top-level paths (/login, /register, /user, /password…).
 */
const routes = new Hono<ApiBindings>()
  .route('/locations', locations)
  .route('/', auth)
  .route('/', user)
  .route('/user', personalDataRoutes)
  .route('/events', events)
  .route('/catalog', catalog)
  .route('/admin/events', adminEvents)
  .route('/admin/events', eventSeating)
  .route('/producers', producers)
  .route('/admin/producers', adminProducers)
  .route('/admin/venues', venues)
  .route('/admin/seat-maps', seatMaps)
  .route('/admin/moderation', moderation)
  .route('/media', media)
  .route('/admin/media', adminMedia)
  .route('/holds', holds)
  .route('/orders', orders)
  .route('/webhooks', webhooks)
  .route('/tickets', tickets)
  .route('/tickets', resale)
  .route('/revocations', revocations)
  .route('/checkin', checkin)
  .route('/admin/team', team)
  .route('/team/invitations', teamInvitations)
  .route('/admin/invitations', guestInvitations)
  .route('/invitations', invitationLinks)
  .route('/admin/settings', settings)
  .route('/admin/mercadopago', mercadoPagoLink)
  .route('/queues', queues)
  .route('/admin/queues', adminQueues)
  .route('/admin/promo-codes', promoCodes)
  .route('/waitlist', waitlist)
  .route('/admin/waitlist', adminWaitlistRoutes)
  // Producers' webhooks (issue 34, i34b).
  .route('/admin/webhooks', webhookEndpoints)
  // Integrations (issue 34): producer API keys and the OpenAPI document.
  .route('/admin/api-keys', apiKeys)
  // The document lists the app's own routes, read when first asked for (`api` is defined below).
  .route(
    '/openapi.json',
    openApiRoute((): readonly RegisteredRoute[] => api.routes),
  )
  // Last: the sales back office sits directly under /admin (/admin/orders, /admin/finance, /admin/exports…).
  .route('/admin', salesDashboard)
  .route('/admin', salesFinance)
  .route('/admin', salesExports)
  .route('/admin', boxOffice)
  .route('/admin', salesOrders)
  .route('/admin/activity', activity);

/**
 * The provider API at /api/v1. Every call needs the platform's `x-api-key` or a producer's key
 * (lib/api-key.ts); a body nested too deep is refused before any route reads it (functions/lib/json-depth.ts);
 * a write with an `Idempotency-Key` runs once (lib/idempotency.ts).
 */
export const api = new Hono<ApiBindings>({ router: new CachedRouter() })
  .basePath('/api/v1')
  .use(requireApiKey)
  .use(refuseDeepJson)
  .use(idempotency)
  .route('/', routes);

api.onError(onError);
api.notFound(notFound);

// The objects and adapters commit their changes through the domain (domain/commit.ts): they reach the
// reactions through this port, connected when the Worker loads (the cron job and the objects run in it too).
connectReactions(emit);

/** The typed contract of the provider API (paths relative to /api/v1), for `hc` clients. */
export type ApiType = typeof routes;
