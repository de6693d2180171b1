import { Hono } from 'hono';
import { requireApiKey } from './lib/api-key';
import { notFound, onError } from './lib/errors';
import { locations } from './routes/locations';

export type ApiBindings = { Bindings: Env };

/** The provider API. Every call needs the platform's `x-api-key`. */
export const api = new Hono<ApiBindings>().basePath('/api/v1').use(requireApiKey).route('/', locations);

api.onError(onError);
api.notFound(notFound);

export type ApiType = typeof api;
