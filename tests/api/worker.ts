// The Worker under test: everything but the Astro pages (which need the Astro build).
import { createServer } from '../../functions/server';

export { EventCheckin } from '../../functions/durable-objects/checkin/object';
export { EventInventory } from '../../functions/durable-objects/inventory/object';
export { EventQueue } from '../../functions/durable-objects/queue/object';
export { RateLimiter } from '../../functions/durable-objects/rate-limiter/object';

const server = createServer(() => new Response('página de Astro (no incluida en las pruebas de API)', { status: 404 }));

export default { fetch: (request, env, ctx) => server.fetch(request, env, ctx) } satisfies ExportedHandler<Env>;
