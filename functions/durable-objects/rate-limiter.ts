import { DurableObject } from 'cloudflare:workers';

/** Exact fixed-window counters for throttling (one object per key family). Filled in by the accounts work. */
export class RateLimiter extends DurableObject<Env> {}
