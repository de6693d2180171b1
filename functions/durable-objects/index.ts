/** The Durable Object classes the Worker exports (wrangler.toml binds them by class name). */
export { EventCheckin } from './checkin/object';
export { EventInventory } from './inventory/object';
export { EventQueue } from './queue/object';
export { RateLimiter } from './rate-limiter/object';
