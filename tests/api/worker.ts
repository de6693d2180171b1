// The Worker under test: everything but the Astro pages (which need the Astro build).
import { createServer } from '../../functions/server';

export { EventCheckin, EventInventory, EventQueue, RateLimiter } from '../../functions/durable-objects';

const server = createServer(() => new Response('página de Astro (no incluida en las pruebas de API)', { status: 404 }));

export default { fetch: (request, env, ctx) => server.fetch(request, env, ctx) } satisfies ExportedHandler<Env>;
