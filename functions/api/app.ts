import { Hono } from 'hono';
import { requireApiKey } from './lib/api-key';
import { notFound, onError } from './lib/errors';
import { auth } from './routes/auth';
import { events } from './routes/events';
import { holds } from './routes/holds';
import { locations } from './routes/locations';
import { media } from './routes/media';
import { moderation } from './routes/moderation';
import { orders } from './routes/orders';
import { producers } from './routes/producers';
import { tickets } from './routes/tickets';
import { user } from './routes/user';
import { venues } from './routes/venues';
import { webhooks } from './routes/webhooks';

export type ApiBindings = { Bindings: Env };

/** The provider API. Every call needs the platform's `x-api-key`. */
export const api = new Hono<ApiBindings>()
  .basePath('/api/v1')
  .use(requireApiKey)
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
  .route('/', tickets);

api.onError(onError);
api.notFound(notFound);

export type ApiType = typeof api;
