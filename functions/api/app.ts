import { Hono } from 'hono';
import { requireApiKey } from './lib/api-key';
import { notFound, onError } from './lib/errors';
import { auth } from './routes/auth';
import { events } from './routes/events';
import { locations } from './routes/locations';
import { media } from './routes/media';
import { moderation } from './routes/moderation';
import { producers } from './routes/producers';
import { user } from './routes/user';
import { venues } from './routes/venues';

export type ApiBindings = { Bindings: Env };

/** The provider API. Every call needs the platform's `x-api-key`. */
export const api = new Hono<ApiBindings>().basePath('/api/v1').use(requireApiKey).route('/', locations)
  .route('/', auth)
  .route('/', user)
  .route('/', events)
  .route('/', producers)
  .route('/', venues)
  .route('/', moderation)
  .route('/', media);

api.onError(onError);
api.notFound(notFound);

export type ApiType = typeof api;
