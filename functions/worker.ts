import { handle } from '@astrojs/cloudflare/handler';
import { runScheduledJobs } from './api/jobs';
import { createServer } from './server';

export { EventInventory } from './durable-objects/event-inventory';
export { RateLimiter } from './durable-objects/rate-limiter';

const server = createServer(handle);

export default {
  fetch: (request, env, ctx) => server.fetch(request, env, ctx),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduledJobs(env)),
} satisfies ExportedHandler<Env>;
