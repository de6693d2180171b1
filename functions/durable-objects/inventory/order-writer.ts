import { discountLines, discountTotal, priceLine, totals } from '../../../src/shared/pricing';
import { orderTransition } from '../../domain/checkout/order-state';
import type { HoldItem } from './items';
import { CLAIMED, claimStatements, type PromoClaim } from './promo-uses';
import type { SaleConfig } from './sale-config';

/** Orders per D1 batch at most (each is 2-4 statements). */
const MAX_ORDERS_PER_BATCH = 50;

type Batch = { orders: D1PreparedStatement[][]; result: Promise<D1Result[][] | Promise<D1Result[]>[]> };

/** Statements that ride a batch, read when it leaves, and what to call once they are written (or failed). */
export type Rider = () => { statements: D1PreparedStatement[]; done: (ok: boolean) => void } | null;

/**
 * Writes the orders of an inventory object's holds to D1 with few round trips: one batch at a time, and the
 * orders arriving while one is in flight go together in the next (group commit). Batches run one after
 * another, so a buyer's replaced order is always written before the update that closes it. Each batch is
 * sent by the first hold in it, which awaits it itself (a batch sent on behalf of a request that had
 * already answered could be cut short with it and leave the other holds waiting forever).
 * The object's state copy (state-mirror.ts) rides the same chain (`carry`): each batch takes, when it leaves, the
 * rows the object noted until then, so a hold's rows reach D1 in its order's own batch (no second round trip).
 */
export class OrderWriter {
  private collecting: Batch | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();
  private rider: Rider | null = null;

  constructor(
    private readonly db: D1Database,
    private readonly ctx: { waitUntil(promise: Promise<unknown>): void },
  ) {}

  /** What rides every batch (the object's state copy). */
  carry(rider: Rider) {
    this.rider = rider;
  }

  /** A batch leaves soon even without an order (the rider has rows to copy): none is collecting, one opens. */
  nudge() {
    if (this.collecting) return;
    this.ctx.waitUntil(this.open().result);
  }

  /** Answers the results of the order's own statements (see orderStatements for what they say). */
  async write(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    let batch = this.collecting;
    if (!batch || batch.orders.length >= MAX_ORDERS_PER_BATCH) batch = this.open();
    const at = batch.orders.push(statements) - 1;
    return (await batch.result)[at];
  }

  private open(): Batch {
    const orders: D1PreparedStatement[][] = [];
    const previous = this.inFlight;
    const result = (async () => {
      await previous.catch(() => undefined);
      if (this.collecting?.orders === orders) this.collecting = null;
      // Read now, after the steps of every order in this batch: it carries their rows.
      const ride = this.rider?.() ?? null;
      if (orders.length === 0 && !ride) return [];
      let results: D1Result[];
      try {
        results = await this.db.batch([...orders.flat(), ...(ride?.statements ?? [])]);
      } catch {
        // A batch is one transaction: one bad order (say, its buyer was just deleted) must not sink the
        // others, so each is tried again on its own and only the bad one fails.
        const each: Promise<D1Result[]>[] = [];
        for (const statements of orders) {
          const one = this.db.batch(statements);
          // One after another, in order; a failure is its own order's answer only.
          await one.catch(() => undefined);
          each.push(one);
        }
        if (ride) {
          const copied = await this.db.batch(ride.statements).then(
            () => true,
            () => false,
          );
          ride.done(copied);
        }
        return each;
      }
      // Outside the try: whatever the rider does after its copy, the orders were written (never tried again).
      ride?.done(true);
      let at = 0;
      return orders.map((statements) => {
        const own = results.slice(at, at + statements.length);
        at += statements.length;
        return own;
      });
    })();
    this.collecting = { orders, result };
    this.inFlight = result;
    return this.collecting;
  }
}

/**
 * The rows of a new order: priced with the configuration the hold was checked against, and written only if
 * the event's sale_versions row still holds that configuration's version and, with a code, only if the code's
 * use was claimed first in the same batch (promo-uses.ts: room over the code's whole scope). The statement at
 * `orderAt` answers the order id when it was written, nothing when not; the items follow the order.
 */
export function orderStatements(
  db: D1Database,
  config: SaleConfig,
  order: { id: string; userId: number; holdId: string; expiresAt: string; replaced: string | null },
  items: (HoldItem & { seats?: { id: string; name: string }[] | null })[],
  claim: PromoClaim | null = null,
) {
  const promo = claim?.promo ?? null;
  const listed = items.map((i) => priceLine(i.typeId, i.quantity, config.types.get(i.typeId)!.priceCents, config.fee));
  // A promo code's discount lowers each ticket's price; the service charge is computed on the lower price.
  const lines = discountLines(listed, promo?.discount ?? null, config.fee);
  const sum = totals(lines);
  const discountCents = discountTotal(lines);
  const claimed = claim
    ? claimStatements(db, claim, {
        id: order.holdId,
        eventId: config.eventId,
        version: config.version,
        expiresAt: new Date(order.expiresAt).getTime(),
      })
    : [];
  const statements = [
    ...claimed,
    db
      .prepare(
        `insert into orders (id, user_id, event_id, producer_id, hold_id, hold_expires_at, subtotal_cents, fee_cents, total_cents,
           promo_code_id, promo_code, discount_cents)
         select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? where coalesce((select v from sale_versions where event_id = ?), 0) = ?
           ${claim ? `and ${CLAIMED}` : ''}
         returning id`,
      )
      .bind(
        order.id,
        order.userId,
        config.eventId,
        config.producerId,
        order.holdId,
        order.expiresAt,
        sum.subtotalCents,
        sum.feeCents,
        sum.totalCents,
        promo?.id ?? null,
        promo?.code ?? null,
        discountCents,
        config.eventId,
        config.version,
        ...(claim ? [order.holdId] : []),
      ),
    ...lines.map((l) => {
      // A seated type's seats, one per ticket in order (issue 33); null for the other types.
      const seats = items.find((i) => i.typeId === l.ticketTypeId)?.seats ?? null;
      return db
        .prepare(
          `insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents, unit_fee_cents, unit_discount_cents, seats)
           select ?, ?, ?, ?, ?, ?, ? where exists (select 1 from orders where id = ?)`,
        )
        .bind(
          order.id,
          l.ticketTypeId,
          l.quantity,
          l.unitPriceCents,
          l.unitFeeCents,
          l.unitDiscountCents,
          seats ? JSON.stringify(seats) : null,
          order.id,
        );
    }),
  ];
  if (order.replaced) {
    // The buyer's previous hold on this event was released by the new one: its order is over (whatever
    // happens to the new one), even if it was already sent to MercadoPago: a payment for it is refunded.
    statements.push(
      orderTransition(db, { holdId: order.replaced }, ['held', 'pending_payment'], 'expired', {
        set: { status_reason: 'reemplazada' },
      }),
      // Its code's use, if it had one, went back with it (the object's copy would say so a moment later).
      db
        .prepare("update promo_code_uses set state = 'released' where hold_id = ? and state = 'held'")
        .bind(order.replaced),
    );
  }
  return { statements, orderAt: claimed.length, sum: { ...sum, discountCents } };
}
