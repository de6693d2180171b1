import { DurableObject } from 'cloudflare:workers';
import { checkPassClaims, checkQueuePass, type PassCheck, type QueuePassClaims } from '../../lib/queue-pass';
import { queueWaitlistMail } from '../../mail/waitlist';
import { pingWrite } from '../bench-floor';
import { mirrorEveryCall, StateMirror } from '../state-mirror';
import {
  drawFromGroups,
  forgetGiven,
  KEPT_SEATS_SCHEMA,
  type KeepResult,
  type KeptGroupInput,
  keptGroups,
  releaseDueKeeps,
  restoreKept,
  setKeptSeats,
  takeBoxOfficeKept,
} from './kept-seats';
import { dropMapFence, fenceMapVersion, isFenced, MAP_FENCES_SCHEMA, type MapFence } from './map-fences';
import { INVENTORY_TABLES } from './mirror';
import { OrderWriter, orderStatements } from './order-writer';
import { countedItems, promoOf, refuseWithPromo, sumItems } from './promo-redemptions';
import {
  claimRefusal,
  extendPromoUse,
  mirrorStatements,
  promoUse,
  promoUsesUnsynced,
  recordPromoUse,
  refuseByEventUses,
  releasePromoUse,
  returnPromoTickets,
  sellPromoUse,
  setupPromoUses,
} from './promo-uses';
import {
  type ListResult,
  listResale,
  offeredTicket,
  offerResales,
  offerWithdrawn,
  resaleOfferEnded,
  resaleSeat,
  resaleStatus,
  resoldBy,
  setupResale,
  withdrawAdmitted,
  withdrawResale,
} from './resale';
import { loadSaleConfig, type SaleAccess, type SaleConfig } from './sale-config';
import {
  allTakenSeats,
  checkSeats,
  freeReserved,
  freeSeats,
  passSeat,
  pickBest,
  rebuildSeats,
  restoreSeats,
  SEATS_SCHEMA,
  type Seating,
  SeatingCache,
  seatCopy,
  seatsFree,
  seatsOfItem,
  sellSeats,
  takeSeats,
  withSeatDates,
} from './seats';
import type {
  Availability,
  CommitResult,
  GrantResult,
  HoldItem,
  HoldResult,
  InventoryType,
  InvitationGrant,
  QueueStats,
  SaleGate,
  SellResult,
} from './types';
import {
  closeOffer,
  eraseWaitlist,
  forgetPerson,
  type JoinInput,
  type JoinResult,
  joinWaitlist,
  leaveWaitlist,
  markOffered,
  noticeQueued,
  offerDelivered,
  offerFreedStock,
  offerPending,
  offerSeconds,
  offersWaiting,
  pendingNotices,
  pendingOffers,
  placeOf,
  recordOfferOrder,
  reopenOffer,
  setWaitlistSettings,
  WAITLIST_SCHEMA,
  waitingDemand,
  waitlistOf,
  waitlistSettings,
} from './waitlist';
import { waitlistOfferSeats } from './waitlist-seats';

/**
 * The authoritative inventory of one event (one object per event id): capacity, holds and sales per
 * ticket type. A Durable Object runs one request at a time and each method below is synchronous over
 * its SQLite storage, so every check-then-write is atomic: held + sold never exceeds capacity.
 * Alarms expire holds. D1's ticket_types.sold/held is a mirror written after changes, for listings.
 * For the sale path (sell) it also keeps the event's sale configuration and writes the orders itself,
 * so a hold costs the Worker one subrequest (see sale-config.ts and order-writer.ts).
 * A cancelled event's sale is closed here for good (closeSale): no hold, no commit, no extension after it.
 * On start the object copies its counts to D1 again, so a crash between a change and its mirror heals.
 */

/** How long after an offer or a notice the object's alarm checks its outboxes again (a backstop). */
const OUTBOX_BACKSTOP_MS = 60_000;

type HoldRow = { id: string; buyer: string; status: string; expires_at: number; items: string };

const SCHEMA = `
create table if not exists types (
  id integer primary key,
  capacity integer not null,
  sold integer not null default 0,
  held integer not null default 0,
  min_per_order integer not null default 1,
  max_per_order integer not null default 10
);
create table if not exists holds (
  id text primary key,
  buyer text not null,
  status text not null,
  expires_at integer not null,
  items text not null
);
create index if not exists holds_open on holds (status, expires_at);
create index if not exists holds_buyer on holds (buyer, status);
create table if not exists meta (event_id integer not null);
create table if not exists sale_closed (closed_at integer not null);
create table if not exists invitation_tags (tag_key text primary key, used integer not null default 0);
create table if not exists invitation_grants (hold_id text primary key, tag_key text not null);
create table if not exists returned_tickets (ticket_id text primary key, hold_id text not null);
create table if not exists queue_gate (
  id integer primary key check (id = 1),
  holds integer not null,
  waitlist_open integer not null default 0
);
`;

/** How often a burst of changes is copied to D1's ticket_types at most (a D1 batch each time). */
const MIRROR_EVERY_MS = 1000;

export class EventInventory extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private eventId: number | null = null;
  private mirrorRunning = false;
  private mirrorDirty = false;
  /** The event's sale configuration (memory only; reloaded from D1 after eviction or a change). */
  private sale: SaleConfig | null = null;
  private saleLoad: Promise<SaleConfig | null> | null = null;
  private readonly orders: OrderWriter;
  /** Copies every table to D1 and restores them from there (state-mirror.ts). */
  private readonly stateMirror: StateMirror;
  /** The event's seat maps and seated types (seats.ts); the seats themselves are in the `seats` table. */
  private readonly seating: SeatingCache;
  /** The scheduled alarm, kept in memory so a burst of holds does not write it each time. */
  private alarmAt: number | null = null;
  /**
   * Queue passes whose signature this object verified, with their claims (memory only): a buyer's next hold
   * with the same pass (changing the selection, retrying) checks event, account and expiry without a new
   * signature check. Bounded; dropped whole when full.
   */
  private readonly passes = new Map<string, QueuePassClaims>();
  /**
   * Never later than the earliest expiry among open holds (Infinity: none; undefined: not known yet), so a
   * hold that finds it in the future skips looking for due holds. Kept by every write that opens a hold or
   * moves an open hold's expiry earlier; releasing, selling or extending a hold leaves it a valid bound.
   */
  private openExpiry: number | undefined;
  /** Never later than the next release of held seats (kept-seats.ts; Infinity: none; undefined: not known yet). */
  private keptRelease: number | undefined;
  /**
   * Buyers who may have an open or rejected hold (a superset, memory only): those the storage had when first asked,
   * and every buyer given an open hold since. A buyer not in it has none, so buyerHolds answers without a read (most
   * buyers of an on-sale hold once). Holds only become open by being inserted.
   */
  private holdBuyers: Set<string> | undefined;
  /** Whether the sale was closed (sale_closed), once read: only closeSale changes it. */
  private closedFlag: boolean | undefined;
  /** The queue gate (queue_gate), once read: null when no queue was ever set through this object. */
  private gateRow: { holds: boolean; waitlistOpen: boolean } | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.orders = new OrderWriter(env.DB, ctx);
    this.sql.exec(SCHEMA);
    this.sql.exec(SEATS_SCHEMA);
    this.sql.exec(KEPT_SEATS_SCHEMA);
    this.sql.exec(MAP_FENCES_SCHEMA);
    this.seating = new SeatingCache(this.sql, env.DB);
    setupPromoUses(this.sql);
    this.sql.exec(WAITLIST_SCHEMA);
    setupResale(this.sql);
    this.stateMirror = new StateMirror(this, ctx, env.DB, 'inventory', INVENTORY_TABLES);
    // The copy of the object's rows rides the order writer's batches: a hold's rows go with its order.
    this.stateMirror.carry(this.orders);
    this.orders.carry(() => this.stateMirror.take());
    // The seats' copy (D1 event_seats) rides the same rounds: they are in D1 exactly as far as the rows (seats.ts).
    this.stateMirror.alongside(seatCopy(this.sql, env.DB, () => this.eventId));
    void ctx.blockConcurrencyWhile(async () => {
      // Storage lost: everything comes back from D1 before anything is answered (mirror.ts).
      const restored = await this.stateMirror.restore();
      this.eventId = this.sql.exec<{ event_id: number }>('select event_id from meta').toArray()[0]?.event_id ?? null;
      // The seats are not in object_state: they come back from D1's event_seats, written in the same batches.
      if (restored > 0 && this.eventId !== null) await restoreSeats(this.sql, env.DB, this.eventId);
      this.alarmAt = restored > 0 ? null : await ctx.storage.getAlarm();
      // The previous instance may have died between a change and its copy to D1: reconcile now.
      this.expireDue();
      this.mirror();
      // ...or in the middle of a delivery: what its outboxes still hold goes out now.
      if (this.outboxPending()) this.ctx.waitUntil(this.deliverOffers());
      // A restored object has no alarm: the next open hold's expiry sets it again.
      if (restored > 0 && this.openExpiry !== undefined && Number.isFinite(this.openExpiry))
        this.scheduleAlarm(this.openExpiry);
    });
  }

  private closed(): boolean {
    this.closedFlag ??= this.sql.exec('select 1 from sale_closed limit 1').toArray().length > 0;
    return this.closedFlag;
  }

  /**
   * Closes the event's sale for good (the event was cancelled): every open hold is released at once and
   * nothing is held, committed or extended afterwards. Answers the released hold ids. Idempotent.
   */
  closeSale(): string[] {
    if (!this.closed()) this.sql.exec('insert into sale_closed (closed_at) values (?)', Date.now());
    this.closedFlag = true;
    this.sale = null;
    const open = this.sql.exec<HoldRow>("select * from holds where status = 'open'").toArray();
    for (const row of open) this.releaseRow(row, 'released');
    this.mirror();
    return open.map((row) => row.id);
  }

  /** Tickets already sold to a buyer key per type (for a queued on-sale's limits per DNI and per pass). */
  private soldTo(buyer: string): Map<number, number> {
    const sold = new Map<number, number>();
    for (const row of this.sql.exec<HoldRow>("select * from holds where buyer = ? and status = 'sold'", buyer))
      for (const i of parseItems(row.items)) sold.set(i.typeId, (sold.get(i.typeId) ?? 0) + i.quantity);
    return sold;
  }

  // ---- The queue's gate: while a queued on-sale's queue runs, the stock is the queue's ----

  private gate(): { holds: boolean; waitlistOpen: boolean } | null {
    if (this.gateRow === undefined) {
      const row = this.sql
        .exec<{ holds: number; waitlist_open: number }>('select holds, waitlist_open from queue_gate where id = 1')
        .toArray()[0];
      this.gateRow = row ? { holds: row.holds === 1, waitlistOpen: row.waitlist_open === 1 } : null;
    }
    return this.gateRow;
  }

  /** While true, freed stock is not offered to the waiting list and joining it needs the producer's choice. */
  private queueHolds(): boolean {
    return this.gate()?.holds === true;
  }

  private remainingToSell(): number {
    if (this.closed()) return 0;
    const t = this.sql
      .exec<{ capacity: number; sold: number }>(
        'select coalesce(sum(capacity), 0) as capacity, coalesce(sum(sold), 0) as sold from types',
      )
      .one();
    return Math.max(0, t.capacity - t.sold);
  }

  private writeGate(holds: boolean, waitlistOpen: boolean) {
    this.sql.exec(
      `insert into queue_gate (id, holds, waitlist_open) values (1, ?, ?)
       on conflict (id) do update set holds = excluded.holds, waitlist_open = excluded.waitlist_open`,
      holds ? 1 : 0,
      waitlistOpen ? 1 : 0,
    );
    this.gateRow = { holds, waitlistOpen };
  }

  /**
   * The queue starts (set, or reopened) or ends (closed, back to the normal sale) holding the stock. A queue
   * cannot hold stock that is gone: answers 'sold_out' then. Ending it offers freed stock to the waiting list.
   */
  setQueueGate(holds: boolean): { ok: true } | { ok: false; reason: 'sold_out' } {
    if (holds && this.remainingToSell() === 0) return { ok: false, reason: 'sold_out' };
    this.writeGate(holds, this.gate()?.waitlistOpen ?? false);
    if (!holds) this.mirror();
    return { ok: true };
  }

  /** The producer opens (or closes) the waiting list while the queue runs ("by the producer's choice"). */
  setQueueWaitlist(open: boolean) {
    this.writeGate(this.gate()?.holds ?? false, open);
  }

  /** The queue was taken off: the sale is a plain one again. */
  removeQueueGate() {
    this.sql.exec('delete from queue_gate');
    this.gateRow = null;
    this.mirror();
  }

  /** The stock ran out: the queue no longer holds anything (it closes, and returns go to the waiting list). */
  private releaseGateIfSoldOut() {
    if (this.queueHolds() && this.remainingToSell() === 0) this.writeGate(false, this.gate()?.waitlistOpen ?? false);
  }

  /** Live counts for the event's queue object (admission by live holds, closing when the stock is gone). */
  queueStats(): QueueStats {
    this.expireDue();
    const totals = this.sql
      .exec<{ capacity: number; sold: number; held: number }>(
        'select coalesce(sum(capacity), 0) as capacity, coalesce(sum(sold), 0) as sold, coalesce(sum(held), 0) as held from types',
      )
      .one();
    const openHolds = this.sql.exec<{ n: number }>("select count(*) as n from holds where status = 'open'").one().n;
    const remaining = this.closed() ? 0 : Math.max(0, totals.capacity - totals.sold);
    const gate = this.gate();
    return {
      ...totals,
      openHolds,
      remaining,
      queueHolds: gate ? gate.holds : null,
      waitlistOpen: !!gate?.waitlistOpen,
    };
  }

  /** A no-op round trip: the raw ceiling of a call to this object (used by the sale benchmark). */
  ping(): number {
    return Date.now();
  }

  /** One durable write and nothing else: the floor under a state change (benchmarks, see bench-floor.ts). */
  pingWrite(): number {
    return pingWrite(this.ctx.storage.sql);
  }

  /**
   * Sets capacity and per-order limits from D1 (called when ticket types are created or changed; every
   * hold also passes the current values).
   * Lowering capacity under held + sold is allowed: nothing more is sold until it fits again.
   */
  configure(eventId: number, types: InventoryType[]): Availability[] {
    // Something about the event changed: the sale configuration (and seating) is read again on the next hold.
    this.sale = null;
    this.seating.reset();
    this.upsertTypes(eventId, types);
    this.mirror();
    return this.availability();
  }

  private upsertTypes(eventId: number, types: InventoryType[]) {
    if (this.eventId !== eventId) {
      this.eventId = eventId;
      this.sql.exec('delete from meta');
      this.sql.exec('insert into meta (event_id) values (?)', eventId);
    }
    for (const t of types) {
      this.sql.exec(
        `insert into types (id, capacity, min_per_order, max_per_order) values (?, ?, ?, ?)
         on conflict (id) do update set capacity = excluded.capacity, min_per_order = excluded.min_per_order,
         max_per_order = excluded.max_per_order`,
        t.id,
        t.capacity,
        t.minPerOrder,
        t.maxPerOrder,
      );
    }
  }

  /**
   * Demo data only (functions/dev/seeds, behind DEV_MODE): tickets counted as sold before the demo begins,
   * so the authority and its D1 mirror agree that a seeded "Agotado" type is really sold out.
   */
  recordDemoSales(sales: { typeId: number; quantity: number }[]): Availability[] {
    for (const s of sales)
      this.sql.exec('update types set sold = min(capacity - held, sold + ?) where id = ?', s.quantity, s.typeId);
    this.mirror();
    return this.availability();
  }

  availability(): Availability[] {
    this.expireDue();
    return this.sql
      .exec<{ id: number; capacity: number; sold: number; held: number }>(
        'select id, capacity, sold, held from types order by id',
      )
      .toArray()
      .map((r) => ({
        typeId: r.id,
        capacity: r.capacity,
        sold: r.sold,
        held: r.held,
        available: Math.max(0, r.capacity - r.sold - r.held),
      }));
  }

  /**
   * Holds tickets for a buyer for `seconds`. A buyer has at most one open hold per event: a new one
   * replaces (releases) the previous one, inside the same atomic step.
   */
  hold(
    buyer: string,
    items: HoldItem[],
    seconds: number,
    current?: { eventId: number; types: InventoryType[] },
  ): HoldResult {
    const wanted = mergeItems(items);
    if (wanted.length === 0) return { ok: false, reason: 'empty' };
    if (this.closed()) return { ok: false, reason: 'closed' };
    // The caller read the types from D1 anyway: keep capacity and limits in step with every hold.
    if (current) this.upsertTypes(current.eventId, current.types);
    this.expireDue();
    return this.holdNow(buyer, wanted, seconds, this.buyerHolds(buyer));
  }

  /**
   * The sale path: checks the event, the chosen types and their sale windows against the object's copy of
   * the sale configuration (read from D1 when missing or not newer than `staleVersion`), holds like hold(),
   * and writes the order to D1 (batched with the other buyers' orders of the moment). The checks and the
   * hold run without awaiting anything, so they stay atomic. 'stale': the configuration changed before the
   * order was written; the hold was given back and the caller asks again with that version.
   * Hidden ticket types are refused unless `access` is 'staff' (a staff-only path allocating invitations).
   */
  async sell(
    eventId: number,
    userId: number,
    items: HoldItem[],
    staleVersion = -1,
    access: SaleAccess = 'public',
    /** Who holds: the buyer by default; a box-office sale passes its own key so it never replaces a hold. */
    buyerKey = `user:${userId}`,
    gate: SaleGate = {},
  ): Promise<SellResult> {
    // The pass is checked while the configuration loads (no cost for a sale without a queue).
    const [config, pass, seating] = await Promise.all([
      this.saleConfig(eventId, staleVersion),
      gate.pass ? this.checkPass(gate.pass, eventId, userId) : null,
      this.seating.get(eventId),
    ]);
    const promo = config && gate.promoCode ? await promoOf(this.env.DB, config, gate.promoCode) : null;
    const refused = refuseWithPromo(config, items, Date.now(), access, gate.promoCode, promo);
    if (refused || !config) return refused ?? { ok: false, reason: 'no_event' };
    if (this.closed()) return { ok: false, reason: 'not_on_sale' };
    const asked = mergeItems(items);
    if (asked.length === 0) return { ok: false, reason: 'empty' };
    const queue = config.queue;
    const queued =
      queue && (queue.dateId === null || asked.some((i) => config.types.get(i.typeId)?.dateId === queue.dateId));
    if (queue && queued && gate.exempt !== 'box_office') {
      const check: PassCheck = pass ?? { ok: false, reason: 'pass_missing' };
      if (!check.ok) {
        console.warn(JSON.stringify({ refused: 'hold', reason: check.reason, eventId, userId }));
        return check;
      }
      // What the pass bought already in this on-sale counts: with a per-DNI cap against the cap, without one
      // against one order's limits (each type's maximum per order), so a pass never buys more than one order.
      const sold = this.soldTo(buyerKey);
      const total = (m: Map<number, number>) => [...m.values()].reduce((sum, n) => sum + n, 0);
      const cap = queue.dniCap;
      if (cap !== null && total(sold) + sumItems(asked) > cap) {
        console.warn(JSON.stringify({ refused: 'hold', reason: 'dni_cap', eventId, userId, cap }));
        return { ok: false, reason: 'dni_cap', cap };
      }
      const over = asked.find(
        (i) => (sold.get(i.typeId) ?? 0) + i.quantity > (config.types.get(i.typeId)?.maxPerOrder ?? 0),
      );
      if (cap === null && over) {
        const max = config.types.get(over.typeId)?.maxPerOrder ?? 0;
        console.warn(JSON.stringify({ refused: 'hold', reason: 'pass_limit', eventId, userId, max }));
        return { ok: false, reason: 'pass_limit', max: Math.max(0, max - (sold.get(over.typeId) ?? 0)) };
      }
    }
    // Seats (after the pass: no hold without one): all of them free, the buyer's own open hold counted as given
    // back in this step, or none is held. "Mejor ubicación disponible" chooses them here.
    // What was due expires first; the buyer's holds are then read once for this whole step (holdNow uses them too:
    // nothing between here and there awaits).
    this.expireDue();
    const mine = this.buyerHolds(buyerKey);
    // The box office may also take the seats the producer kept for it (kept-seats.ts).
    const asker = {
      replacing: mine.find((row) => row.status === 'open')?.id ?? null,
      boxOffice: gate.exempt === 'box_office',
    };
    // More seats than a type sells per order is said as such, before looking for that many together.
    const over = asked.find((i) => i.quantity > (config.types.get(i.typeId)?.maxPerOrder ?? Number.POSITIVE_INFINITY));
    if (over) return { ok: false, reason: 'max', typeId: over.typeId, name: config.types.get(over.typeId)?.name };
    const picked = pickBest(this.sql, seating, asked, asker);
    if (!Array.isArray(picked))
      return 'typeId' in picked ? { ...picked, name: config.types.get(picked.typeId)?.name } : picked;
    const wanted = withSeatDates(seating, picked);
    // One item picked by "Mejor ubicación disponible" passed every check of checkSeats as it was chosen: free,
    // sellable, not fenced, outside the kept reserve, and leaving a seat alone only when every block would.
    const seatRefusal = wanted.length === 1 && asked[0].best ? null : checkSeats(this.sql, seating, wanted, asker);
    if (seatRefusal)
      return 'typeId' in seatRefusal
        ? { ...seatRefusal, name: config.types.get(seatRefusal.typeId)?.name }
        : seatRefusal;
    // A code: this event's own uses may already fill it (refused here, in the hold's step); its use over the
    // code's whole scope is claimed in the order's batch (promo-uses.ts), which writes no order without it.
    const counted = promo ? countedItems(promo, wanted) : [];
    const now = Date.now();
    const claim = promo ? { promo, buyer: buyerKey, tickets: sumItems(counted), now } : null;
    const room = claim ? refuseByEventUses(this.sql, claim.promo, claim.tickets, buyerKey, now) : null;
    if (room) return room;
    // Seats kept for the box office stop being kept in this step; put back if the hold is refused.
    const unkept = asker.boxOffice
      ? wanted.map((i) => ({
          dateId: i.dateId,
          rows: i.dateId === undefined ? [] : takeBoxOfficeKept(this.sql, i.dateId, i.seatIds ?? []),
        }))
      : [];
    const held = this.holdNow(buyerKey, wanted, Math.max(1, config.holdMinutes) * 60, mine);
    if (!held.ok) {
      for (const u of unkept) if (u.dateId !== undefined) restoreKept(this.sql, u.dateId, u.rows);
      const name = held.typeId === undefined ? undefined : config.types.get(held.typeId)?.name;
      return { ...held, name };
    }
    // The box office's seats left its group for good: saving the groups again does not ask for them back.
    for (const u of unkept)
      if (u.dateId !== undefined && u.rows.length > 0)
        forgetGiven(this.sql, [{ dateId: u.dateId, group: 'boleteria', rows: u.rows }]);
    if (promo) recordPromoUse(this.sql, promo, held.holdId, buyerKey, counted, held.expiresAt);
    takeSeats(this.sql, held.holdId, wanted, 'held');
    this.mirror(false);
    // Every row this hold wrote is noted: the copy read after this mark carries them (in the order's batch).
    const mark = this.stateMirror.mark();
    const order = {
      id: crypto.randomUUID(),
      userId,
      holdId: held.holdId,
      expiresAt: new Date(held.expiresAt).toISOString(),
      replaced: held.replaced,
    };
    const seated = wanted.map((i) => ({ ...i, seats: seatsOfItem(seating, i) }));
    const { statements, orderAt, sum } = orderStatements(this.env.DB, config, order, seated, claim);
    // The uses this object gave back (or sold) and D1 does not have yet go first in the same batch, so the
    // claim counts what this event knows now (another event's give-back reaches D1 with its own mirror).
    const given = claim ? mirrorStatements(this.sql, this.env.DB, eventId) : null;
    let written: boolean;
    try {
      const results = await this.orders.write([...(given?.statements ?? []), ...statements]);
      given?.copied();
      written = results[(given?.statements.length ?? 0) + orderAt].results.length > 0;
    } catch (err) {
      // Without its order the hold would only block tickets until it expires: give them back now.
      this.release(held.holdId);
      throw err;
    }
    if (!written) {
      // The code's use was refused (no room over its scope) or the configuration changed: no order, no hold.
      this.release(held.holdId);
      const refused = claim ? await claimRefusal(this.env.DB, claim, eventId, config.version) : undefined;
      if (refused) return refused;
      if (this.sale === config) this.sale = null;
      return { ok: false, reason: 'stale', version: config.version };
    }
    // The hold the buyer is sent to pay for is in D1 before they hear of it (it survives this object's loss): its
    // rows rode its order's batch, so this normally finds them there already.
    await this.stateMirror.settled(mark);
    return { ok: true, orderId: order.id, holdId: held.holdId, expiresAt: order.expiresAt, ...sum };
  }

  // ---- Waiting list (waitlist.ts): entries, offers of freed stock in order, their orders and e-mails ----

  /** Joins the waiting list of a sold-out type (one live entry per account and per DNI on the event). */
  async joinWaitlist(input: JoinInput, startsAt: number | null): Promise<JoinResult> {
    const seating = this.eventId === null ? null : await this.seating.get(this.eventId);
    this.expireDue();
    if (this.closed()) return { ok: false, reason: 'closed' };
    const type = this.type(input.typeId);
    if (!type) return { ok: false, reason: 'unknown_type' };
    // A queued on-sale's waiting list opens when its queue closes, or when the producer opens it.
    if (this.queueHolds() && !this.gate()?.waitlistOpen) return { ok: false, reason: 'queued' };
    if (startsAt !== null) setWaitlistSettings(this.sql, null, startsAt);
    // The wheelchair reserve's free places are not the public's: without the rest, the type is sold out to them.
    const reserved = seating ? freeReserved(this.sql, seating, input.typeId, Date.now()) : 0;
    const joined = joinWaitlist(this.sql, input, Math.max(0, type.capacity - type.sold - type.held - reserved));
    // The place the buyer is told is in D1 before they hear it.
    if (joined.ok) await this.stateMirror.settled();
    return joined;
  }

  waitlistPlace(userId: number) {
    this.expireDue();
    return placeOf(this.sql, userId);
  }

  leaveWaitlist(userId: number): boolean {
    return leaveWaitlist(this.sql, userId);
  }

  /** The producer's view: every entry in order, the demand per type and the offer time. */
  waitlist() {
    this.expireDue();
    return { ...waitlistOf(this.sql), ...waitlistSettings(this.sql) };
  }

  /**
   * The waiting demand per type, read-only: Mis tickets offers "Devolver a la lista de espera" only for a type
   * someone waits for (listResale refuses the others), and says how many wait (issue 32).
   */
  waitingDemand() {
    this.expireDue();
    return waitingDemand(this.sql);
  }

  setWaitlistSettings(offerMinutes: number) {
    setWaitlistSettings(this.sql, offerMinutes, null);
    return waitlistSettings(this.sql);
  }

  /**
   * Account deletion (issue 35): the person's entries lose who they were (waitlist.ts forgetPerson) and their open
   * offers are released, in the same step, to the next entries. Answers once the change is in D1's copy.
   */
  async forgetPerson(userId: number): Promise<number> {
    this.expireDue();
    const { entries, openOffers } = forgetPerson(this.sql, userId);
    for (const holdId of openOffers) this.release(holdId);
    if (entries > 0) await this.stateMirror.settled();
    return entries;
  }

  /** Retention (issue 35): the waiting list keeps no name, e-mail or DNI (waitlist.ts eraseWaitlist). */
  async eraseWaitlist(): Promise<void> {
    this.expireDue();
    for (const holdId of eraseWaitlist(this.sql)) this.release(holdId);
    await this.stateMirror.settled();
  }

  /** Offers freed stock to the waiting list, in order (called in every step that changes stock, see mirror). */
  private offerWaitlist() {
    // While the queue holds the stock, what comes back stays on sale for the people in the queue.
    this.releaseGateIfSoldOut();
    if (this.closed() || this.queueHolds()) return;
    // A seated type is offered seat by seat: the map must be in memory first (a woken object loads it, then
    // offers; until then what came back stays with the object, which sells nothing seated before it loads).
    const seating = this.seating.peek();
    if (!seating) {
      if (this.eventId !== null && offersWaiting(this.sql)) {
        this.ctx.waitUntil(this.seating.get(this.eventId).then(() => this.mirror()));
      }
      return;
    }
    const now = Date.now();
    /** `takeSeat`: the offer takes its seats held (a resale offer's seat stays sold to its seller meanwhile). */
    const createHold = (buyer: string, item: HoldItem, expiresAt: number, takeSeat: boolean) => {
      const id = crypto.randomUUID();
      this.sql.exec('update types set held = held + ? where id = ?', item.quantity, item.typeId);
      this.sql.exec(
        "insert into holds (id, buyer, status, expires_at, items) values (?, ?, 'open', ?, ?)",
        id,
        buyer,
        expiresAt,
        JSON.stringify([item]),
      );
      this.holdBuyers?.add(buyer);
      if (takeSeat) takeSeats(this.sql, id, [item], 'held');
      this.openExpiry = Math.min(this.openExpiry ?? Number.POSITIVE_INFINITY, expiresAt);
      this.scheduleAlarm(expiresAt);
      return id;
    };
    const free = (typeId: number) => {
      const t = this.type(typeId);
      return t ? t.capacity - t.sold - t.held : 0;
    };
    let made = offerFreedStock(this.sql, now, free, (buyer, typeId, quantity, expiresAt, acceptFewer) => {
      // A seated type's offer holds its seats: the best ones for the quantity (together, for "acepto menos").
      const item = seating.types.has(typeId)
        ? waitlistOfferSeats(this.sql, seating, typeId, quantity, acceptFewer)
        : { typeId, quantity };
      return item ? { holdId: createHold(buyer, item, expiresAt, true), quantity: item.quantity } : null;
    });
    // Returned tickets (face-value resale): one ticket each to the next entry that takes one. The offer's
    // hold counts as held over the sold ticket it replaces until that ticket is refunded.
    const expiresAt = now + offerSeconds(this.sql, now) * 1000;
    made += offerResales(this.sql, now, (entryId, typeId, seatId) => {
      // A resold seat is offered by name: the buyer gets the seller's seat (passed on at payment, see commit).
      const dateId = seatId ? seating.types.get(typeId)?.dateId : undefined;
      const item =
        dateId === undefined ? { typeId, quantity: 1 } : { typeId, quantity: 1, seatIds: [seatId as string], dateId };
      const id = createHold(`waitlist:${entryId}`, item, expiresAt, false);
      markOffered(this.sql, entryId, id, 1, expiresAt);
      return id;
    });
    if (made > 0) this.kickDelivery();
  }

  /** Lists a paid ticket for face-value resale through the waiting list (it stays sold and valid). */
  listResale(
    ticketId: string,
    typeId: number,
    deadline: number,
    seat: { seatId: string; sellerHold: string } | null = null,
  ): ListResult {
    this.expireDue();
    if (this.closed()) return { ok: false, reason: 'closed' };
    const listed = listResale(this.sql, ticketId, typeId, deadline, seat);
    if (listed.ok) this.mirror();
    return listed;
  }

  withdrawResale(ticketId: string): boolean {
    return withdrawResale(this.sql, ticketId);
  }

  /**
   * The door admitted a listed ticket (its seller went in), or refused the waiting buyer's claim on it: the
   * listing is withdrawn and an open offer for it released, its entry waiting again in its place. Idempotent.
   */
  withdrawAdmittedResale(ticketId: string): boolean {
    const holdId = withdrawAdmitted(this.sql, ticketId);
    const row = holdId ? this.holdRow(holdId) : undefined;
    if (row?.status === 'open') {
      reopenOffer(this.sql, row.id);
      this.releaseRow(row, 'released');
      this.mirror();
    }
    return true;
  }

  /**
   * A resale offer sold here whose payment the door then refused (the seller went in before the payment's
   * retry): the sale is undone, its place back and the listing withdrawn. The caller refunds the buyer.
   */
  undoResaleSale(holdId: string, ticketId: string): boolean {
    // The seat passed to the buyer goes back to its seller (who went in with it), not on sale.
    const seat = resaleSeat(this.sql, ticketId);
    const dateId = parseItems(this.holdRow(holdId)?.items ?? '[]')[0]?.dateId;
    if (seat?.sellerHold && dateId !== undefined && this.holdRow(holdId)?.status === 'sold')
      passSeat(this.sql, dateId, seat.seatId, seat.sellerHold);
    withdrawAdmitted(this.sql, ticketId);
    this.sql.exec("update resale set status = 'withdrawn' where ticket_id = ? and status = 'sold'", ticketId);
    return this.refund(holdId);
  }

  resaleStatus(ticketId: string): string | null {
    this.expireDue();
    return resaleStatus(this.sql, ticketId);
  }

  private delivering = false;
  /** Whether this instance already marked the event in D1's inventory_outbox (cleared when drained). */
  private outboxMarked = false;

  /**
   * Starts a delivery now, with an alarm a minute later as a durable backstop (written with the outbox rows,
   * so an object that dies before marking D1 still delivers when the alarm wakes it).
   */
  private kickDelivery() {
    this.scheduleAlarm(Date.now() + OUTBOX_BACKSTOP_MS);
    this.ctx.waitUntil(this.deliverOffers());
  }

  private outboxPending(): boolean {
    return pendingOffers(this.sql).length > 0 || pendingNotices(this.sql).length > 0;
  }

  /**
   * Writes each offer's order to D1 (priced like a hold) and e-mails the buyer a link to its checkout; queues
   * the e-mail of each offer that ran out. The event is marked in D1 (inventory_outbox) while anything is
   * pending, so a delivery that fails or dies part-way is finished by the cron job (drainOutbox) rather than
   * waiting for the next delivery; the mark is cleared once both outboxes are empty.
   */
  private async deliverOffers() {
    if (this.delivering || this.eventId === null) return;
    this.delivering = true;
    let failed = false;
    const eventId = this.eventId;
    try {
      if (!this.outboxPending()) return;
      if (!this.outboxMarked) {
        await this.env.DB.prepare('insert or ignore into inventory_outbox (event_id) values (?)').bind(eventId).run();
        this.outboxMarked = true;
      }
      // Until both outboxes are empty: an offer or a notice may arrive while an e-mail is being queued.
      while (this.outboxPending()) await this.deliverOnce(eventId);
      await this.env.DB.prepare('delete from inventory_outbox where event_id = ?').bind(eventId).run();
      this.outboxMarked = false;
    } catch (err) {
      failed = true;
      console.error('Waiting-list offer delivery failed; the cron job drains the rest', err);
    } finally {
      this.delivering = false;
      // An offer made while the last D1 write was in flight found this delivery running and left it to this one:
      // it goes now, not at the backstop alarm a minute later (after a failure, the cron job and alarm retry).
      if (!failed && this.outboxPending()) this.ctx.waitUntil(this.deliverOffers());
    }
  }

  /**
   * Cron (services/waitlist/outbox.ts): delivers what the outboxes still hold (a failed or interrupted
   * delivery) and clears the event's mark when nothing is left. Answers how many items still wait.
   */
  async drainOutbox(): Promise<number> {
    await this.deliverOffers();
    const left = pendingOffers(this.sql).length + pendingNotices(this.sql).length;
    if (left === 0 && this.eventId !== null && !this.delivering) {
      await this.env.DB.prepare('delete from inventory_outbox where event_id = ?').bind(this.eventId).run();
      this.outboxMarked = false;
    }
    return left;
  }

  private async deliverOnce(eventId: number) {
    for (let offer = pendingOffers(this.sql)[0]; offer; offer = pendingOffers(this.sql)[0]) {
      const hold = this.holdRow(offer.hold_id);
      if (hold?.status !== 'open') {
        offerDelivered(this.sql, offer.hold_id, null);
        continue;
      }
      // Written already by an earlier try that stopped before its e-mail was queued.
      let orderId: string | null = offer.offer_order;
      let stale = -1;
      for (let attempt = 0; attempt < 3 && orderId === null; attempt++) {
        const config = await this.saleConfig(eventId, stale);
        if (!config) break;
        const id = crypto.randomUUID();
        const expiresAt = new Date(hold.expires_at).toISOString();
        const order = { id, userId: offer.user_id, holdId: hold.id, expiresAt, replaced: null };
        // A seated offer's order names its seats (order_items.seats), as a buyer's order does.
        const seating = await this.seating.get(eventId);
        const items = parseItems(hold.items).map((i) => ({ ...i, seats: seatsOfItem(seating, i) }));
        const { statements } = orderStatements(this.env.DB, config, order, items);
        if (await this.orders.write(statements)) orderId = id;
        else stale = config.version;
      }
      if (orderId === null) {
        offerDelivered(this.sql, offer.hold_id, null);
        // Without an order the offer cannot be paid: its tickets go to the next entry.
        this.release(offer.hold_id);
        continue;
      }
      recordOfferOrder(this.sql, offer.hold_id, orderId);
      // Its person was forgotten (account deleted) or the offer withdrawn while the order was written: no e-mail.
      if (!offerPending(this.sql, offer.hold_id)) continue;
      // The e-mail is a retried job in D1 (queued once per offer; the cron job retries a failed send).
      await queueWaitlistMail(this.env, {
        kind: 'offer',
        holdId: offer.hold_id,
        event_id: eventId,
        ticket_type_id: offer.type_id,
        email: offer.email,
        quantity: offer.offered_quantity ?? offer.quantity,
        order_id: orderId,
        expires_at: new Date(hold.expires_at).toISOString(),
      });
      offerDelivered(this.sql, offer.hold_id, orderId);
    }
    // Offers that ran out unanswered: their buyers are told (queued once each, retried by the cron job).
    for (let notice = pendingNotices(this.sql)[0]; notice; notice = pendingNotices(this.sql)[0]) {
      await queueWaitlistMail(this.env, {
        kind: 'expired',
        holdId: notice.hold_id,
        event_id: eventId,
        ticket_type_id: notice.type_id,
        email: notice.email,
        quantity: notice.offered_quantity ?? notice.quantity,
        order_id: notice.offer_order,
        expires_at: notice.offer_expires_at ? new Date(notice.offer_expires_at).toISOString() : null,
      });
      noticeQueued(this.sql, notice.hold_id);
    }
  }

  /** Live tickets counted against each promo code of the event (open holds and sales). */
  promoUse(): { codeId: number; tickets: number }[] {
    this.expireDue();
    return promoUse(this.sql, Date.now());
  }

  /** A queue pass for this event and buyer: the signature once per pass, the claims at every hold. */
  private async checkPass(pass: string, eventId: number, userId: number): Promise<PassCheck> {
    const known = this.passes.get(pass);
    if (known) return checkPassClaims(known, eventId, userId, Date.now());
    const check = await checkQueuePass(this.env.JWT_SECRET, pass, eventId, userId, Date.now());
    if (check.ok) {
      if (this.passes.size >= 20_000) this.passes.clear();
      this.passes.set(pass, check.claims);
    }
    return check;
  }

  /** The cached configuration, or a fresh one (one D1 read shared by every hold waiting for it). */
  private async saleConfig(eventId: number, staleVersion: number): Promise<SaleConfig | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const cached = this.sale;
      if (cached && cached.eventId === eventId && cached.version > staleVersion) return cached;
      this.saleLoad ??= loadSaleConfig(this.env.DB, eventId)
        .then((config) => {
          if (config) {
            this.sale = config;
            this.upsertTypes(eventId, [...config.types.values()]);
          }
          return config;
        })
        .finally(() => {
          this.saleLoad = null;
        });
      const config = await this.saleLoad;
      // A load that began before the change the caller saw may still be old: read once more then.
      if (!config || config.version > staleVersion) return config;
    }
    return this.sale;
  }

  /**
   * Holds `wanted` for `buyer`. `mine`: the buyer's holds (buyerHolds), read by the caller after expireDue in the same
   * synchronous step.
   */
  private holdNow(buyer: string, wanted: HoldItem[], seconds: number, mine: HoldRow[]): HoldResult {
    const previous = mine.find((row) => row.status === 'open');
    const freed = new Map<number, number>(
      previous ? parseItems(previous.items).map((i) => [i.typeId, i.quantity]) : [],
    );

    // The common case, one type and nothing to give back: the checks below and the count's update in one statement.
    // When it changes nothing, the checks below say why.
    const [only] = wanted;
    const takenAtOnce =
      !previous &&
      wanted.length === 1 &&
      this.sql
        .exec(
          `update types set held = held + ?1 where id = ?2 and ?1 between min_per_order and max_per_order
           and capacity - sold - held >= ?1 returning id`,
          only.quantity,
          only.typeId,
        )
        .toArray().length === 1;

    if (!takenAtOnce)
      for (const item of wanted) {
        const type = this.type(item.typeId);
        if (!type) return { ok: false, reason: 'unknown_type', typeId: item.typeId };
        if (item.quantity < type.min_per_order) return { ok: false, reason: 'min', typeId: item.typeId };
        if (item.quantity > type.max_per_order) return { ok: false, reason: 'max', typeId: item.typeId };
        const available = type.capacity - type.sold - type.held + (freed.get(item.typeId) ?? 0);
        if (item.quantity > available) {
          return { ok: false, reason: 'sold_out', typeId: item.typeId, available: Math.max(0, available) };
        }
      }

    if (previous) this.releaseRow(previous, 'released');
    // A hold whose payment was rejected could still be paid by a retry; the new hold supersedes it.
    for (const row of mine)
      if (row.status === 'rejected') {
        this.sql.exec("update holds set status = 'released' where id = ?", row.id);
        releasePromoUse(this.sql, row.id);
      }
    const id = crypto.randomUUID();
    const expiresAt = Date.now() + seconds * 1000;
    if (!takenAtOnce)
      for (const item of wanted)
        this.sql.exec('update types set held = held + ? where id = ?', item.quantity, item.typeId);
    this.sql.exec(
      "insert into holds (id, buyer, status, expires_at, items) values (?, ?, 'open', ?, ?)",
      id,
      buyer,
      expiresAt,
      JSON.stringify(wanted),
    );
    this.holdBuyers?.add(buyer);
    this.openExpiry = Math.min(this.openExpiry ?? Number.POSITIVE_INFINITY, expiresAt);
    this.scheduleAlarm(expiresAt);
    // Only a replaced hold gives stock back; a plain hold only takes (no waiting-list offer to look for).
    this.mirror(previous !== undefined);
    return { ok: true, holdId: id, expiresAt, replaced: previous?.id ?? null };
  }

  /** The buyer's open hold (a new one replaces it) and rejected ones (superseded by a new one), in one read. */
  private buyerHolds(buyer: string): HoldRow[] {
    this.holdBuyers ??= new Set(
      this.sql
        .exec<{ buyer: string }>("select distinct buyer from holds where status in ('open', 'rejected')")
        .toArray()
        .map((r) => r.buyer),
    );
    if (!this.holdBuyers.has(buyer)) return [];
    return this.sql
      .exec<HoldRow>("select * from holds where buyer = ? and status in ('open', 'rejected')", buyer)
      .toArray();
  }

  /** Releases an open hold (payment rejected, buyer left). Answers false when it was not open. */
  release(holdId: string): boolean {
    return this.closeOpen(holdId, 'released');
  }

  /**
   * A payment for the hold was rejected: its tickets go back on sale, but the buyer may still pay with a
   * retry (MercadoPago lets them try another card) until the hold's time is up, if the stock is still there.
   */
  reject(holdId: string): boolean {
    return this.closeOpen(holdId, 'rejected');
  }

  /** Gives an open hold's tickets back, marking it `status`; false when the hold was not open. */
  private closeOpen(holdId: string, status: 'released' | 'rejected'): boolean {
    const row = this.holdRow(holdId);
    if (row?.status !== 'open') return false;
    this.releaseRow(row, status);
    this.mirror();
    return true;
  }

  /** Moves an open hold's expiry (a pending cash payment keeps the hold until the payment expires). */
  extend(holdId: string, expiresAt: number): boolean {
    const row = this.holdRow(holdId);
    if (row?.status !== 'open' || this.closed()) return false;
    this.sql.exec('update holds set expires_at = ? where id = ?', Math.max(expiresAt, row.expires_at), holdId);
    const moved = extendPromoUse(this.sql, holdId, Math.max(expiresAt, row.expires_at));
    this.scheduleAlarm(expiresAt);
    if (moved) this.mirror(false);
    return true;
  }

  /**
   * Turns an open hold into sold tickets. Idempotent: committing a committed hold answers ok again.
   * A hold that expired, was replaced by the buyer's newer hold or was released is never sold afterwards
   * (its order cannot be paid: the caller refunds a late payment), and nothing is sold once the sale closed.
   * A rejected hold (see reject) is sold on a retry within its time while the stock is there.
   */
  commit(holdId: string, claimedTicket?: string): CommitResult {
    this.expireDue();
    const row = this.holdRow(holdId);
    if (!row) return { ok: false, reason: 'unknown_hold' };
    if (row.status === 'sold') {
      const resold = row.buyer.startsWith('waitlist:') ? resoldBy(this.sql, holdId) : null;
      return resold ? { ok: true, resold } : { ok: true };
    }
    if (this.closed()) return { ok: false, reason: 'closed' };
    // A resale offer: its ticket must be held by the payment at the door first (it may have gone in).
    const offered = row.buyer.startsWith('waitlist:') ? offeredTicket(this.sql, holdId) : null;
    if (offered && offered !== claimedTicket) return { ok: false, reason: 'resale_claim', ticketId: offered };
    const items = parseItems(row.items);
    // A resold seat passes to the buyer only while it is still its seller's (or free): never someone else's.
    if (offered && !this.resoldSeatPasses(offered, items)) return { ok: false, reason: 'not_open' };
    if (row.status === 'rejected') {
      // A retry after a rejected attempt: sold only within the hold's time and while the stock is there (its
      // code's use was kept for it meanwhile).
      if (row.expires_at <= Date.now()) return { ok: false, reason: 'not_open' };
      for (const i of items) {
        const type = this.type(i.typeId);
        if (!type || type.capacity - type.sold - type.held < i.quantity) return { ok: false, reason: 'not_open' };
      }
      // A resale offer's seat is its seller's until now (passed below), never free.
      if (!offered && !seatsFree(this.sql, items)) return { ok: false, reason: 'not_open' };
      if (!sellPromoUse(this.sql, holdId)) return { ok: false, reason: 'not_open' };
      for (const i of items) this.sql.exec('update types set sold = sold + ? where id = ?', i.quantity, i.typeId);
      if (!offered) takeSeats(this.sql, holdId, items, 'sold');
    } else if (row.status === 'open') {
      sellPromoUse(this.sql, holdId);
      sellSeats(this.sql, holdId);
      for (const i of items) {
        this.sql.exec(
          'update types set held = held - ?, sold = sold + ? where id = ?',
          i.quantity,
          i.quantity,
          i.typeId,
        );
      }
    } else {
      return { ok: false, reason: 'not_open' };
    }
    this.sql.exec("update holds set status = 'sold' where id = ?", holdId);
    let resold: string | null = null;
    if (row.buyer.startsWith('waitlist:')) {
      closeOffer(this.sql, holdId, 'bought');
      resold = resaleOfferEnded(this.sql, holdId, true);
      const seated = items[0];
      if (resold && seated?.dateId !== undefined && seated.seatIds?.[0])
        passSeat(this.sql, seated.dateId, seated.seatIds[0], holdId);
    }
    this.mirror();
    return resold ? { ok: true, resold } : { ok: true };
  }

  /** Whether a resale offer's seat (if any) is still its seller's or free, so its payment may pass it on. */
  private resoldSeatPasses(ticketId: string, items: HoldItem[]): boolean {
    const seat = resaleSeat(this.sql, ticketId);
    const dateId = items[0]?.dateId;
    if (!seat || dateId === undefined) return true;
    const holder = this.sql
      .exec<{ hold_id: string }>('select hold_id from seats where date_id = ? and seat_id = ?', dateId, seat.seatId)
      .toArray()[0]?.hold_id;
    // A free seat that a new version of the map takes off sale (map-fences.ts) passes to nobody.
    return (holder === undefined && !isFenced(this.sql, dateId, seat.seatId)) || holder === seat.sellerHold;
  }

  /** Puts a sold hold's tickets back on sale (refund). Idempotent. */
  refund(holdId: string): boolean {
    const row = this.holdRow(holdId);
    if (row?.status !== 'sold') return false;
    for (const i of parseItems(row.items)) {
      this.sql.exec('update types set sold = max(0, sold - ?) where id = ?', i.quantity, i.typeId);
    }
    this.sql.exec("update holds set status = 'refunded' where id = ?", holdId);
    returnPromoTickets(this.sql, holdId, 'all');
    freeSeats(this.sql, holdId);
    this.mirror();
    return true;
  }

  /**
   * Puts some of a sold hold's tickets back on sale (a partial refund by the producer). The hold keeps
   * only what remains sold, so a later refund() of the whole hold returns the rest and nothing twice.
   * Answers false when the hold is not sold or does not hold that many.
   */
  refundSome(holdId: string, items: HoldItem[]): boolean {
    const row = this.holdRow(holdId);
    if (row?.status !== 'sold') return false;
    const remaining = new Map(parseItems(row.items).map((i) => [i.typeId, i.quantity]));
    for (const i of mergeItems(items)) {
      const left = (remaining.get(i.typeId) ?? 0) - i.quantity;
      if (left < 0) return false;
      remaining.set(i.typeId, left);
    }
    for (const i of mergeItems(items)) {
      this.sql.exec('update types set sold = max(0, sold - ?) where id = ?', i.quantity, i.typeId);
    }
    this.keepRemaining(holdId, remaining);
    returnPromoTickets(this.sql, holdId, mergeItems(items));
    this.mirror();
    return true;
  }

  /**
   * Puts refunded tickets back on sale, once per ticket: each ticket id is remembered, so a repeated or
   * racing call (a retry, two refunds, the cron job) returns nothing twice. A ticket returns only while its
   * hold is sold and still counts one of its type. Answers the ticket ids returned by this call.
   */
  returnTickets(holdId: string, tickets: { ticketId: string; typeId: number; seatId?: string | null }[]): string[] {
    const row = this.holdRow(holdId);
    if (row?.status !== 'sold') return [];
    const remaining = new Map(parseItems(row.items).map((i) => [i.typeId, i.quantity]));
    const returned: string[] = [];
    for (const t of tickets) {
      const left = remaining.get(t.typeId) ?? 0;
      if (left <= 0) continue;
      const seen = this.sql.exec('select 1 from returned_tickets where ticket_id = ?', t.ticketId).toArray();
      if (seen.length > 0) continue;
      this.sql.exec('insert into returned_tickets (ticket_id, hold_id) values (?, ?)', t.ticketId, holdId);
      this.sql.exec('update types set sold = max(0, sold - 1) where id = ?', t.typeId);
      remaining.set(t.typeId, left - 1);
      returned.push(t.ticketId);
    }
    returnPromoTickets(
      this.sql,
      holdId,
      tickets.filter((t) => returned.includes(t.ticketId)).map((t) => ({ typeId: t.typeId, quantity: 1 })),
    );
    // Each returned ticket's seat goes back on sale with it.
    const seats = tickets.filter((t) => t.seatId && returned.includes(t.ticketId)).map((t) => t.seatId as string);
    if (seats.length > 0) freeSeats(this.sql, holdId, seats);
    if (returned.length > 0) {
      this.keepRemaining(holdId, remaining);
      this.mirror();
    }
    return returned;
  }

  /**
   * Invitations (free tickets given by the producer's staff): every grant of a batch is checked against
   * capacity (net of holds and sales) and against its tag's quota, then all are sold at once, or none is.
   * Each grant gets its own sold hold, so one invitation can be revoked alone (revokeInvitation). Per-order
   * limits and sale windows do not apply; the event's sale being closed does. `quotas` are the current
   * quotas per tag (from D1, like `types`); the counts against them are kept here, where the check is atomic.
   * A seated type's grant names its seats or asks for the best (reserved seating, issue 33): they are checked
   * like a hold's (all of the batch's together) and taken sold under the grant's hold, in the same step.
   */
  async grantInvitations(
    eventId: number,
    types: InventoryType[],
    grants: InvitationGrant[],
    quotas: { tagKey: string; quota: number }[],
  ): Promise<GrantResult> {
    // The map is read before the synchronous step (as a hold does); nothing is checked or written before it.
    const seating = await this.seating.get(eventId);
    if (this.closed()) return { ok: false, reason: 'closed' };
    this.upsertTypes(eventId, types);
    this.expireDue();
    // Grants drawn from held seats (kept-seats.ts): their seats leave the group in this step, or none does.
    const drawn = drawFromGroups(this.sql, seating, grants);
    if (!drawn.ok) return drawn;
    const granted = this.grantChecked(seating, drawn.grants, quotas);
    if (granted.ok) forgetGiven(this.sql, drawn.taken);
    else for (const t of drawn.taken) restoreKept(this.sql, t.dateId, t.rows);
    if (granted.ok) this.mirror();
    return granted;
  }

  /** The grant step proper (grantInvitations): checks capacity, seats and quotas, then sells all or nothing. */
  private grantChecked(
    seating: Seating,
    grants: InvitationGrant[],
    quotas: { tagKey: string; quota: number }[],
  ): GrantResult {
    const perType = new Map<number, number>();
    const perTag = new Map<string, number>();
    for (const g of grants) {
      for (const i of mergeItems(g.items)) {
        perType.set(i.typeId, (perType.get(i.typeId) ?? 0) + i.quantity);
        perTag.set(g.tagKey, (perTag.get(g.tagKey) ?? 0) + i.quantity);
      }
    }
    for (const [typeId, quantity] of perType) {
      const type = this.type(typeId);
      if (!type) return { ok: false, reason: 'unknown_type', typeId, available: 0 };
      const available = Math.max(0, type.capacity - type.sold - type.held);
      if (quantity > available) return { ok: false, reason: 'sold_out', typeId, available };
    }
    // An invitation takes free seats only: seats kept for a group stay theirs until released.
    const asker = { replacing: null };
    const picked = pickBest(
      this.sql,
      seating,
      grants.flatMap((g) => g.items),
      asker,
    );
    if (!Array.isArray(picked)) return picked;
    const wanted = withSeatDates(seating, picked);
    const seatRefusal = checkSeats(this.sql, seating, wanted, asker);
    if (seatRefusal) return seatRefusal;
    for (const { tagKey, quota } of quotas) {
      const wanted = perTag.get(tagKey);
      if (wanted === undefined) continue;
      const available = Math.max(0, quota - this.tagUsed(tagKey));
      if (wanted > available) return { ok: false, reason: 'quota', tagKey, available };
    }
    const now = Date.now();
    for (const [typeId, quantity] of perType)
      this.sql.exec('update types set sold = sold + ? where id = ?', quantity, typeId);
    for (const [tagKey, quantity] of perTag) {
      this.sql.exec(
        'insert into invitation_tags (tag_key, used) values (?, ?) on conflict (tag_key) do update set used = used + excluded.used',
        tagKey,
        quantity,
      );
    }
    const seats: Record<string, { id: string; name: string }[]> = {};
    let at = 0;
    for (const g of grants) {
      const mine = wanted.slice(at, at + g.items.length);
      at += g.items.length;
      this.sql.exec(
        "insert into holds (id, buyer, status, expires_at, items) values (?, ?, 'sold', ?, ?)",
        g.holdId,
        `invitation:${g.holdId}`,
        now,
        JSON.stringify(mergeItems(mine)),
      );
      this.sql.exec('insert into invitation_grants (hold_id, tag_key) values (?, ?)', g.holdId, g.tagKey);
      takeSeats(this.sql, g.holdId, mine, 'sold');
      const named = mine.flatMap((i) => seatsOfItem(seating, i) ?? []);
      if (named.length > 0) seats[g.holdId] = named;
    }
    return { ok: true, seats };
  }

  /** An invitation was revoked (or its issue failed half-way): its tickets and tag count go back. Idempotent. */
  revokeInvitation(holdId: string): boolean {
    const row = this.holdRow(holdId);
    const grant = this.sql
      .exec<{ tag_key: string }>('select tag_key from invitation_grants where hold_id = ?', holdId)
      .toArray()[0];
    if (row?.status !== 'sold' || !grant) return false;
    const quantity = parseItems(row.items).reduce((sum, i) => sum + i.quantity, 0);
    this.sql.exec('update invitation_tags set used = max(0, used - ?) where tag_key = ?', quantity, grant.tag_key);
    return this.refund(holdId);
  }

  /** Tickets given by invitations per tag (live counts, for quotas). */
  invitationUse(): { tagKey: string; used: number }[] {
    return this.sql
      .exec<{ tag_key: string; used: number }>('select tag_key, used from invitation_tags order by tag_key')
      .toArray()
      .map((r) => ({ tagKey: r.tag_key, used: r.used }));
  }

  private tagUsed(tagKey: string): number {
    return (
      this.sql.exec<{ used: number }>('select used from invitation_tags where tag_key = ?', tagKey).toArray()[0]
        ?.used ?? 0
    );
  }

  /** The seats held or sold now (reserved seating, seats.ts), after expiring what is due. */
  takenSeats() {
    this.expireDue();
    return allTakenSeats(this.sql);
  }

  /**
   * A new version of a seat map this event's dates use (map-fences.ts): its seats taken off sale are checked and
   * fenced in one step, after the seats of an object that lost its storage are back and what is due expired. The
   * fence is in D1's copy of the object before the answer, so the version's save never outruns it.
   */
  async fenceMapVersion(fence: MapFence) {
    if (this.eventId !== null) await rebuildSeats(this.sql, this.env.DB, this.eventId);
    this.expireDue();
    const result = fenceMapVersion(this.sql, fence, Date.now());
    if (result.ok) await this.stateMirror.settled();
    return result;
  }

  /** The save of that version failed: its fence goes (map-fences.ts). */
  dropMapFence(token: string): void {
    dropMapFence(this.sql, token);
  }

  /** Development only: makes an open hold expire in `ms` (the alarm then releases it for real). */
  expireSoon(holdId: string, ms: number): boolean {
    const row = this.holdRow(holdId);
    if (row?.status !== 'open') return false;
    const at = Date.now() + ms;
    this.sql.exec('update holds set expires_at = ? where id = ?', at, holdId);
    this.openExpiry = Math.min(this.openExpiry ?? Number.POSITIVE_INFINITY, at);
    this.scheduleAlarm(at);
    return true;
  }

  /** `resaleWithdrawn`: a resale offer whose listing ended under it (checkout says so, not "venció"). */
  holdStatus(holdId: string): { status: string; expiresAt: number; resaleWithdrawn?: true } | null {
    this.expireDue();
    const row = this.holdRow(holdId);
    if (!row) return null;
    const withdrawn =
      row.status === 'released' && row.buyer.startsWith('waitlist:') && offerWithdrawn(this.sql, holdId);
    return { status: row.status, expiresAt: row.expires_at, ...(withdrawn ? { resaleWithdrawn: true as const } : {}) };
  }

  async alarm(): Promise<void> {
    this.alarmAt = null;
    this.expireDue();
    // A failed copy of the code uses' changes is tried again.
    if (promoUsesUnsynced(this.sql)) this.mirror(false);
    if (this.outboxPending()) await this.deliverOffers();
    const next = this.sql
      .exec<{ at: number | null }>("select min(expires_at) as at from holds where status = 'open'")
      .one().at;
    // The alarm wakes for the next expiry or the next release of held seats, whichever comes first.
    const kept = this.keptRelease !== undefined && Number.isFinite(this.keptRelease) ? this.keptRelease : null;
    const wake = [next, kept].filter((at): at is number => at !== null);
    if (wake.length > 0) this.scheduleAlarm(Math.min(...wake));
  }

  private type(id: number) {
    return this.sql
      .exec<{ id: number; capacity: number; sold: number; held: number; min_per_order: number; max_per_order: number }>(
        'select * from types where id = ?',
        id,
      )
      .toArray()[0];
  }

  private holdRow(id: string) {
    return this.sql.exec<HoldRow>('select * from holds where id = ?', id).toArray()[0];
  }

  /** Stores what a sold hold still counts after a refund (type id → quantity); a hold left empty is refunded. */
  private keepRemaining(holdId: string, remaining: Map<number, number>) {
    const kept = [...remaining].filter(([, q]) => q > 0).map(([typeId, quantity]) => ({ typeId, quantity }));
    this.sql.exec(
      'update holds set items = ?, status = ? where id = ?',
      JSON.stringify(kept),
      kept.length > 0 ? 'sold' : 'refunded',
      holdId,
    );
  }

  private releaseRow(row: HoldRow, status: 'released' | 'expired' | 'rejected') {
    for (const i of parseItems(row.items)) {
      this.sql.exec('update types set held = max(0, held - ?) where id = ?', i.quantity, i.typeId);
    }
    this.sql.exec('update holds set status = ? where id = ?', status, row.id);
    freeSeats(this.sql, row.id, 'held');
    // A rejected payment may still be retried within the hold's time: its code's use lapses with that time.
    if (status !== 'rejected') releasePromoUse(this.sql, row.id);
    if (row.buyer.startsWith('waitlist:')) {
      // Ran out unanswered (not released or rejected): its buyer is told by e-mail.
      if (closeOffer(this.sql, row.id, 'expired', status === 'expired')) this.kickDelivery();
      resaleOfferEnded(this.sql, row.id, false);
    }
  }

  /** Expires every open hold past its time (also done lazily, so correctness never waits on the alarm). */
  private expireDue() {
    const now = Date.now();
    this.releaseKeptDue(now);
    // Nothing can be due yet: no query (this runs on every hold when a sale opens).
    if (this.openExpiry !== undefined && this.openExpiry > now) return;
    const due = this.sql.exec<HoldRow>("select * from holds where status = 'open' and expires_at <= ?", now).toArray();
    for (const row of due) this.releaseRow(row, 'expired');
    if (due.length > 0) this.mirror();
    const next = this.sql
      .exec<{ at: number | null }>("select min(expires_at) as at from holds where status = 'open'")
      .one().at;
    this.openExpiry = next ?? Number.POSITIVE_INFINITY;
  }

  /** Puts held seats on sale once their group's release time came (also done lazily, like expiries). */
  private releaseKeptDue(now: number) {
    if (this.keptRelease !== undefined && this.keptRelease > now) return;
    const { released, next } = releaseDueKeeps(this.sql, now);
    this.keptRelease = next ?? Number.POSITIVE_INFINITY;
    if (next !== null) this.scheduleAlarm(next);
    if (released > 0) this.mirror();
  }

  /**
   * The producer sets a seated date's held seats (kept-seats.ts), all groups at once. `types` are the event's
   * current ticket types (from D1, like a hold's), so the kept seats count in their types.
   */
  async setKeptSeats(
    eventId: number,
    dateId: number,
    types: InventoryType[],
    groups: KeptGroupInput[],
  ): Promise<KeepResult> {
    const seating = await this.seating.get(eventId);
    const date = seating.dates.get(dateId);
    if (!date) return { ok: false, reason: 'not_seated' };
    this.upsertTypes(eventId, types);
    this.expireDue();
    const result = setKeptSeats(this.sql, seating, date, groups, Date.now());
    if (result.ok) {
      this.keptRelease = undefined;
      this.releaseKeptDue(Date.now());
      this.mirror();
    }
    return result;
  }

  /** A seated date's held seats, by group, after releasing what is due. */
  async keptSeats(eventId: number, dateId: number): Promise<KeepResult> {
    const seating = await this.seating.get(eventId);
    if (!seating.dates.has(dateId)) return { ok: false, reason: 'not_seated' };
    this.expireDue();
    return { ok: true, groups: keptGroups(this.sql, dateId, Date.now()) };
  }

  private scheduleAlarm(at: number) {
    if (this.alarmAt !== null && this.alarmAt <= at && this.alarmAt > Date.now() - 60_000) return;
    this.alarmAt = at;
    void this.ctx.storage.setAlarm(at);
  }

  /**
   * Copies sold/held to D1 for listings, and the changes of its code uses; coalesced so a burst of holds causes
   * few writes: the first change is copied at once, the changes after it at most once per MIRROR_EVERY_MS
   * (listings lag a burst by that). A failed copy is retried by the next change or the next start.
   */
  private mirror(stockMayReturn = true) {
    // Stock may have come back: the waiting list gets it first, in the same step.
    if (stockMayReturn) this.offerWaitlist();
    if (this.eventId === null) return;
    this.mirrorDirty = true;
    if (this.mirrorRunning) return;
    this.mirrorRunning = true;
    this.ctx.waitUntil(this.flushMirror());
  }

  private async flushMirror() {
    try {
      while (this.mirrorDirty && this.eventId !== null) {
        this.mirrorDirty = false;
        // The free seats of each type's kept wheelchair reserve go with its counts: the public's availability leaves
        // them out until their release time (src/shared/availability.ts). Unknown seating: left as D1 has it.
        const seating = await this.seating.get(this.eventId).catch(() => null);
        const now = Date.now();
        const rows = this.sql
          .exec<{ id: number; sold: number; held: number }>('select id, sold, held from types')
          .toArray();
        // The changes of its code uses go with it (promo-uses.ts: the count over each code's whole scope).
        const uses = mirrorStatements(this.sql, this.env.DB, this.eventId);
        // (The seats go to D1 with the state copy, seatCopy.)
        const statements = [
          ...rows.map((r) =>
            this.env.DB.prepare(
              'update ticket_types set sold = ?, held = ?, reserve_free = coalesce(?, reserve_free) where id = ?',
            ).bind(r.sold, r.held, seating ? freeReserved(this.sql, seating, r.id, now) : null, r.id),
          ),
          ...uses.statements,
        ];
        if (statements.length === 0) break;
        await this.env.DB.batch(statements);
        uses.copied();
        await new Promise((r) => setTimeout(r, MIRROR_EVERY_MS));
      }
    } catch (err) {
      console.error('Inventory mirror to D1 failed', err);
      // The code uses' changes must reach D1 even if nothing else happens here: the alarm copies them again.
      this.scheduleAlarm(Date.now() + OUTBOX_BACKSTOP_MS);
    } finally {
      this.mirrorRunning = false;
    }
  }

  /** Dev tool (issue 35): this object's storage lost (state-mirror.ts `loseStorage`); `restart` must follow. */
  async loseStorage(): Promise<void> {
    await this.stateMirror.loseStorage();
  }

  /** Dev tool: throws this instance away; the next call starts a new one, which restores from D1. */
  restart(): void {
    this.ctx.abort('storage lost');
  }
}

function mergeItems(items: HoldItem[]): HoldItem[] {
  const merged = new Map<number, HoldItem>();
  for (const i of items) {
    if (i.quantity <= 0) continue;
    const m = merged.get(i.typeId);
    const seatIds = i.seatIds || m?.seatIds ? [...(m?.seatIds ?? []), ...(i.seatIds ?? [])] : undefined;
    merged.set(i.typeId, { ...i, quantity: (m?.quantity ?? 0) + i.quantity, ...(seatIds ? { seatIds } : {}) });
  }
  return [...merged.values()];
}

function parseItems(json: string): HoldItem[] {
  return JSON.parse(json) as HoldItem[];
}

// Every call copies what it changed to D1 (state-mirror.ts), whatever method it went through.
mirrorEveryCall(EventInventory);
