import { Hono, type ExecutionContext as WorkerContext } from 'hono';
import { MSG } from '../src/shared/messages';
import { api } from './api/app';
import { devRoutes } from './dev/routes';
import { edge } from './edge/proxy';
import { withSecurityHeaders } from './security-headers';

export type Fallback = (request: Request, env: Env, ctx: WorkerContext) => Response | Promise<Response>;

/**
 * Everything the Worker serves besides the Astro pages:
 * - `/api/v1/*` with an `x-api-key` header: the provider API itself (what the edge calls when it is remote);
 * - `/api/*` from browsers: the edge proxy, which adds the key and the session;
 * - `/dev/*`: development tools, only when DEV_MODE is set.
 * Anything else goes to `fallback` (the Astro handler in production, a 404 in API tests).
 */
export function createServer(fallback: Fallback) {
  const app = new Hono<{ Bindings: Env }>();
  app.use('/api/v1/*', async (c, next) => {
    // Calls that already carry an API key are server-to-server calls aimed at the provider API.
    if (c.req.header('x-api-key') !== undefined) return api.fetch(c.req.raw, c.env, c.executionCtx);
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
