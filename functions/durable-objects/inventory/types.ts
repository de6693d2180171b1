import type { OrderTotals } from '../../../src/shared/pricing';
import type { KeptSeatGroup } from '../../../src/shared/schemas/seating';
import type { PassCheck } from '../../lib/queue-pass';
import type { HoldItem, HoldResult } from './items';
import type { GroupRefusal } from './kept-seats';
import type { PromoRefusal } from './promo-redemptions';
import type { SaleRefusal } from './sale-config';
import type { SeatRefusal } from './seats';

/** What the inventory object answers (its public contract: services import these, never the object itself). */

export type { Availability, HoldItem, HoldResult, InventoryType } from './items';
export type { SeatRefusal } from './seats';

/** A hold made against the object's own copy of the sale configuration, with its order written to D1. */
export type SellResult =
  | ({ ok: true; orderId: string; holdId: string; expiresAt: string; discountCents: number } & OrderTotals)
  | { ok: false; reason: 'stale'; version: number }
  | SaleRefusal
  | Extract<PassCheck, { ok: false }>
  | { ok: false; reason: 'dni_cap'; cap: number }
  /** Without a per-DNI cap, a pass buys at most one order's worth: `max` tickets of that type are left to it. */
  | { ok: false; reason: 'pass_limit'; max: number }
  | PromoRefusal
  | (SeatRefusal & { name?: string })
  | (Extract<HoldResult, { ok: false }> & { name?: string });

/**
 * What a queued on-sale ("Venta con fila") asks of a hold: the buyer's queue pass. Only the box office,
 * behind its own permission (tickets.sell), passes `exempt`; nothing else can skip the queue.
 */
export type SaleGate = {
  pass?: string;
  exempt?: 'box_office';
  /** A promo or access code (promo-redemptions.ts): checked and counted in the same step as the hold. */
  promoCode?: string;
};

/**
 * Counts the queue object reads to admit by live holds and to close when the stock is gone. `queueHolds`: this
 * object still keeps the stock for the queue (null: no queue was ever set through it); the queue closes once
 * it is false. `waitlistOpen`: the producer opened the waiting list while the queue runs.
 */
export type QueueStats = {
  capacity: number;
  sold: number;
  held: number;
  openHolds: number;
  remaining: number;
  queueHolds: boolean | null;
  waitlistOpen: boolean;
};

/**
 * closed: the event's sale was closed (cancelled); not_open: the hold expired, was replaced or released
 * before the payment arrived, so it is not sold (the caller refunds).
 */
export type CommitResult =
  | { ok: true /** The resold ticket this hold bought (face-value resale): its payment cancels it. */; resold?: string }
  | { ok: false; reason: 'closed' | 'not_open' | 'unknown_hold' }
  /** A resale offer is sold only once its ticket was claimed at the door (services/checkout/commit.ts). */
  | { ok: false; reason: 'resale_claim'; ticketId: string };

/**
 * One invitation's tickets, taken under its own hold id and counted against its tag. `group`: drawn from the seats
 * held for that group (kept-seats.ts), by naming them or as the best block of them.
 */
export type InvitationGrant = { holdId: string; tagKey: string; items: HoldItem[]; group?: KeptSeatGroup };
/** `seats`: the seats each seated grant got, by its hold id, in ticket order (reserved seating). */
export type GrantResult =
  | { ok: true; seats: Record<string, { id: string; name: string }[]> }
  | SeatRefusal
  | { ok: false; reason: 'closed' }
  | { ok: false; reason: 'unknown_type' | 'sold_out'; typeId: number; available: number }
  | { ok: false; reason: 'quota'; tagKey: string; available: number }
  | GroupRefusal;

/** Held seats of a seated date (kept-seats.ts): what the producer sets and reads. */
export type { GroupRefusal, KeepResult, KeptGroup, KeptGroupInput } from './kept-seats';
