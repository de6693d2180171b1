import { handle } from '@astrojs/cloudflare/handler';
import { runScheduledJobs } from './api/jobs';
import { createServer } from './server';

export { EventCheckin, EventInventory, EventQueue, RateLimiter } from './durable-objects';

// Hono's context type is a subset of the Workers one; the adapter gets the real context at run time.
const server = createServer((request, env, ctx) => handle(request, env, ctx as ExecutionContext));

export default {
  fetch: (request, env, ctx) => server.fetch(request, env, ctx),
  // An edge in front of an external provider has no data of its own: the provider runs the jobs.
  scheduled: (controller, env, ctx) => {
    if (!env.API_ORIGIN) ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
