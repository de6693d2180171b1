import { DurableObject } from 'cloudflare:workers';

/** The authoritative inventory of one event: capacity, holds and sales. Filled in by the checkout work. */
export class EventInventory extends DurableObject<Env> {}
