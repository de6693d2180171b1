import { Hono } from 'hono';
import { requireApiKey } from './lib/api-key';
import { notFound, onError } from './lib/errors';
import { adminSales } from './routes/admin-sales';
import { auth } from './routes/auth';
import { checkin } from './routes/checkin';
import { events } from './routes/events';
import { guestInvitations } from './routes/guest-invitations';
import { holds } from './routes/holds';
import { locations } from './routes/locations';
import { media } from './routes/media';
import { mercadoPagoLink } from './routes/mercadopago-link';
import { moderation } from './routes/moderation';
import { orders } from './routes/orders';
import { producers } from './routes/producers';
import { queues } from './routes/queues';
import { revocations } from './routes/revocations';
import { settings } from './routes/settings';
import { team } from './routes/team';
import { tickets } from './routes/tickets';
import { user } from './routes/user';
import { venues } from './routes/venues';
import { webhooks } from './routes/webhooks';

export type ApiBindings = { Bindings: Env };

/** Every resource of the provider API, relative to its base path. Its type is the client's contract. */
const routes = new Hono<ApiBindings>()
  .route('/', locations)
  .route('/', auth)
  .route('/', user)
  .route('/', events)
  .route('/', producers)
  .route('/', venues)
  .route('/', moderation)
  .route('/', media)
  .route('/', holds)
  .route('/', orders)
  .route('/', webhooks)
  .route('/', tickets)
  .route('/', revocations)
  .route('/', checkin)
  .route('/', adminSales)
  .route('/', team)
  .route('/', guestInvitations)
  .route('/', settings)
  .route('/', mercadoPagoLink)
  .route('/', queues);

/** The provider API at /api/v1. Every call needs the platform's `x-api-key`. */
export const api = new Hono<ApiBindings>().basePath('/api/v1').use(requireApiKey).route('/', routes);

api.onError(onError);
api.notFound(notFound);

/** The typed contract of the provider API (paths relative to /api/v1), for `hc` clients. */
export type ApiType = typeof routes;
