import { Hono, type ExecutionContext as WorkerContext } from 'hono';
import { MSG } from '../src/shared/messages/common';
import { api } from './api/app';
import { producerKeyOf } from './api/services/integrations/api-keys';
import { devRoutes } from './dev/routes';
import { demoDataReady } from './dev/seed';
import { edge } from './edge/proxy';
import { CachedRouter } from './lib/cached-router';
import { isDevMode } from './lib/dev-mode';
import { withSecurityHeaders } from './security-headers';

export type Fallback = (request: Request, env: Env, ctx: WorkerContext) => Response | Promise<Response>;

/**
 * Everything the Worker serves besides the Astro pages:
 * - `/api/v1/*` with an `x-api-key` header or a producer's API key (`Authorization: Bearer bol_…`): the
 *   provider API itself (what the edge calls when it is remote, and what producers' own systems call);
 * - `/api/*` from browsers: the edge proxy, which adds the key and the session;
 * - `/dev/*`: development tools, only when DEV_MODE is set.
 * Anything else goes to `fallback` (the Astro handler in production, a 404 in API tests).
 */
export function createServer(fallback: Fallback) {
  const app = new Hono<{ Bindings: Env }>({ router: new CachedRouter() });
  // Tests start instances with a random INSTANCE_ID and check that what answers on their port is theirs.
  app.use(async (c, next) => {
    await next();
    if (!c.env.INSTANCE_ID) return;
    // A fetched answer (the edge in front of an external provider) has immutable headers: copy it first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('x-boleteria-instance', c.env.INSTANCE_ID);
  });
  app.get('/__instance/:id', async (c) => {
    if (!c.env.INSTANCE_ID || c.req.param('id') !== c.env.INSTANCE_ID) return c.notFound();
    // A test starts once this answers: with the bundled provider in dev mode, only after the start script's demo
    // data is fully loaded (logging in before the accounts exist was a flaky first step).
    if (isDevMode(c.env) && !c.env.API_ORIGIN && !(await demoDataReady(c.env))) return c.text('cargando', 503);
    return c.text('ok');
  });
  app.use('/api/v1/*', async (c, next) => {
    // Calls that already carry an API key are server-to-server calls aimed at the provider API. An edge in
    // front of an external provider (API_ORIGIN) has no provider of its own: its edge forwards them.
    const serverCall =
      c.req.header('x-api-key') !== undefined || producerKeyOf(c.req.header('authorization')) !== undefined;
    if (serverCall && !c.env.API_ORIGIN) return api.fetch(c.req.raw, c.env, c.executionCtx);
    await next();
  });
  app.route('/', edge);
  app.route('/dev', devRoutes);
  app.all('*', async (c) => withSecurityHeaders(await fallback(c.req.raw, c.env, c.executionCtx), c.req.path));
  // An unexpected failure here (the edge's upstream unreachable, for one) gets Spanish, not Hono's English text.
  app.onError((err, c) => {
    console.error('Unexpected error', c.req.method, c.req.path, err);
    const message = MSG.unexpected;
    return c.req.path.startsWith('/api/') ? c.json({ status: false, message }, 502) : c.text(message, 500);
  });
  return app;
}
