import { CANCELLATION_MSG, REFUND_MSG } from '../../../../src/shared/messages/refunds';
import { commitChanges } from '../../../domain/commit';
import type { Actor } from '../../../domain/events/access';
import { WHOLE_EVENT } from '../../../durable-objects/checkin/types';
import { fail } from '../../lib/errors';
import { claimAtDoor, claimCommit, underClaim } from '../checkin/claims';
import type { OrderRow } from '../checkout/orders';
import { revokeEventInvitations } from '../invitations/manage';
import { refundMessageOr, refundOrderTickets } from '../refunds/refund';
import { CANCEL_KEY_PREFIX } from '../refunds/rows';
import { scopeWhere } from '../sales/scope';
import { closeEventSale } from './sales';

/**
 * Cancelling an event refunds its buyers (issue 20): every paid order of the event gets a full refund
 * (tickets cancelled and revoked, the service charge included: a cancelled show gives everything back)
 * through the one refund path, services/refunds/refund.ts, with one idempotency key per order
 * (`cancel:<order_id>`): a retry of the work, the cron job and a concurrent manual refund never refund
 * twice (a ticket is claimed by one refund only; MercadoPago sees one key per refund).
 *
 * The cancel request records the intent (event_cancellations + one cancellation_refunds row per paid order,
 * in the same batch as the status change) and starts the work in the background; the cron job resumes any
 * unfinished cancellation, CANCEL_BATCH orders per run, until every row is done or failed. A failed row
 * (MercadoPago refused the refund) waits for "Reintentar" in the back office, which retries with a new key.
 */

/** Orders refunded per request or cron run: each is a few subrequests (MercadoPago, the inventory, the door). */
export const CANCEL_BATCH = 25;

type Defer = (work: Promise<unknown>) => void;

type CancellationRow = { event_id: number; reason: string; created_by: number | null; finished_at: string | null };
type ProgressRow = { order_id: string; status: 'pending' | 'done' | 'failed'; attempt: number };

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The paid sales of the event not listed yet (a payment that arrived after the cancellation is refunded too). */
const listOrders = (db: D1Database, eventId: number) =>
  db
    .prepare(
      `insert or ignore into cancellation_refunds (order_id, event_id)
       select o.id, o.event_id from orders o
       where o.event_id = ?1 and o.status = 'paid' and o.kind = 'sale'
         and exists (select 1 from event_cancellations c where c.event_id = ?1)`,
    )
    .bind(eventId);

/**
 * Records the cancellation: the sale closes (inventory first: a failure leaves the event as it was), then in
 * one batch the intent, the list of orders to refund, the status and the revocation of its invitations. A
 * second cancellation fails on the primary key: 409, nothing written twice.
 */
export async function recordCancellation(env: Env, eventId: number, actor: Actor, reason: string) {
  await closeEventSale(env, eventId);
  // The door holds the whole event while the cancellation is written, then closes it for good: nobody is let in
  // with a ticket the cancellation revoked, however the scans and the batch interleave.
  const claim = await claimAtDoor(
    env,
    eventId,
    { kind: 'cancel', ticketIds: [WHOLE_EVENT], allowAdmitted: true },
    { busy: CANCELLATION_MSG.already, closed: CANCELLATION_MSG.already },
  );
  try {
    await underClaim(env, claim, () =>
      commitChanges(
        env,
        [
          claimCommit(env.DB, claim),
          env.DB.prepare('insert into event_cancellations (event_id, reason, created_by) values (?, ?, ?)').bind(
            eventId,
            reason,
            actor.userId,
          ),
          listOrders(env.DB, eventId),
          env.DB.prepare(
            `update events set status = 'cancelado', rejection_reason = null, updated_at = ${NOW}
         where id = ? and status not in ('cancelado', 'finalizado')`,
          ).bind(eventId),
          // Its invitations are revoked with it (no money to give back: the tickets are cancelled and revoked).
          ...revokeEventInvitations(env.DB, eventId, new Date().toISOString()),
        ],
        { kind: 'eventCancelled', eventId },
      ),
    );
  } catch (err) {
    if (/UNIQUE constraint failed: event_cancellations|PRIMARY KEY/.test(String(err)))
      fail(409, CANCELLATION_MSG.already);
    throw err;
  }
}

/** The key of an order's cancellation refund; a retry after a refusal is a new refund, so a new key. */
export const cancelKey = (orderId: string, attempt: number) =>
  attempt === 0 ? `${CANCEL_KEY_PREFIX}${orderId}` : `${CANCEL_KEY_PREFIX}${orderId}:${attempt}`;

/**
 * Refunds up to `budget` pending orders of a cancelled event. Safe to run from several places at once
 * (the request's background work, the cron job, a retry): each refund is idempotent by its key and each
 * row is closed conditionally on the attempt it refunded. Answers how many orders are still pending.
 */
export async function processCancellation(env: Env, eventId: number, defer: Defer, budget = CANCEL_BATCH) {
  const cancellation = await env.DB.prepare('select * from event_cancellations where event_id = ?')
    .bind(eventId)
    .first<CancellationRow>();
  if (!cancellation) return 0;
  await listOrders(env.DB, eventId).run();
  const { results } = await env.DB.prepare(
    `select order_id, status, attempt from cancellation_refunds where event_id = ? and status = 'pending'
     order by order_id limit ?`,
  )
    .bind(eventId, budget)
    .all<ProgressRow>();
  for (const row of results) await refundOne(env, cancellation, row, defer);
  const left = await env.DB.prepare(
    "select count(*) as n from cancellation_refunds where event_id = ? and status = 'pending'",
  )
    .bind(eventId)
    .first<{ n: number }>();
  if (left!.n === 0) {
    await env.DB.prepare(
      `update event_cancellations set finished_at = ${NOW} where event_id = ? and finished_at is null
         and not exists (select 1 from cancellation_refunds where event_id = ? and status = 'pending')`,
    )
      .bind(eventId, eventId)
      .run();
  }
  return left!.n;
}

/**
 * A request's share of the refunds (the cancel itself, a retry), run in its background: one batch and its
 * e-mails; whatever it leaves or fails at, the cron job goes on with.
 */
export async function refundCancellation(env: Env, eventId: number) {
  const mails: Promise<unknown>[] = [];
  try {
    await processCancellation(env, eventId, (p) => mails.push(p));
  } catch (err) {
    console.error(`Cancellation refunds of event ${eventId}: the cron job goes on`, err);
  }
  await Promise.allSettled(mails);
}

async function settle(
  env: Env,
  row: ProgressRow,
  status: 'pending' | 'done' | 'failed',
  fields: {
    outcome?: 'refunded' | 'already';
    refund_id?: string;
    method?: string;
    amount_cents?: number;
    error?: string;
  },
) {
  await env.DB.prepare(
    `update cancellation_refunds set status = ?, outcome = coalesce(?, outcome), refund_id = coalesce(?, refund_id),
       method = coalesce(?, method), amount_cents = coalesce(?, amount_cents), last_error = ?, updated_at = ${NOW}
     where order_id = ? and status = 'pending' and attempt = ?`,
  )
    .bind(
      status,
      fields.outcome ?? null,
      fields.refund_id ?? null,
      fields.method ?? null,
      fields.amount_cents ?? null,
      fields.error ?? null,
      row.order_id,
      row.attempt,
    )
    .run();
}

/** What the cancellation's refunds of the order gave back (every attempt), and how (the latest). */
async function refundedByCancellation(env: Env, orderId: string) {
  return env.DB.prepare(
    `select max(id) as id, max(method) as method, sum(amount_cents) as amount_cents, count(*) as n from refunds
     where order_id = ? and status = 'done' and (idempotency_key = ? or idempotency_key like ?)`,
  )
    .bind(orderId, `${CANCEL_KEY_PREFIX}${orderId}`, `${CANCEL_KEY_PREFIX}${orderId}:%`)
    .first<{ id: string; method: string; amount_cents: number; n: number }>()
    .then((r) => (r && r.n > 0 ? r : null));
}

async function refundOne(env: Env, cancellation: CancellationRow, row: ProgressRow, defer: Defer) {
  const order = await env.DB.prepare('select * from orders where id = ?').bind(row.order_id).first<OrderRow>();
  if (!order) return settle(env, row, 'failed', { error: CANCELLATION_MSG.orderMissing });
  const closedElsewhere = async () => {
    const ours = await refundedByCancellation(env, order.id);
    return settle(
      env,
      row,
      'done',
      ours
        ? { outcome: 'refunded', refund_id: ours.id, method: ours.method, amount_cents: ours.amount_cents }
        : { outcome: 'already' },
    );
  };
  // Refunded (or charged back) already: by a manual refund, the bank, or an earlier run of this work.
  if (order.status !== 'paid') return closedElsewhere();
  try {
    const result = await refundOrderTickets(
      env,
      order,
      {
        actor: null,
        createdBy: cancellation.created_by,
        reason: cancellation.reason
          ? `${CANCELLATION_MSG.auditReason}: ${cancellation.reason}`
          : CANCELLATION_MSG.auditReason,
        key: cancelKey(order.id, row.attempt),
        // A cancelled show gives everything back, an admitted ticket too (audited as the override).
        confirmUsed: true,
      },
      defer,
    );
    if (result.status === 'failed') return settle(env, row, 'failed', { error: REFUND_MSG.mpRefused });
    const fresh = await env.DB.prepare('select status from orders where id = ?')
      .bind(order.id)
      .first<{ status: string }>();
    if (fresh?.status !== 'paid') return closedElsewhere();
    // Some tickets were held by a racing partial refund that did not complete: the next run refunds what is
    // left with a new key (the tickets this refund took stay refunded once).
    await env.DB.prepare(
      `update cancellation_refunds set attempt = attempt + 1, last_error = ?, updated_at = ${NOW}
       where order_id = ? and status = 'pending' and attempt = ?`,
    )
      .bind(CANCELLATION_MSG.raced, row.order_id, row.attempt)
      .run();
  } catch (err) {
    const fresh = await env.DB.prepare('select status from orders where id = ?')
      .bind(order.id)
      .first<{ status: string }>();
    if (fresh && fresh.status !== 'paid') return closedElsewhere();
    const message = err instanceof Error ? err.message : String(err);
    // MercadoPago refused (nothing moved): a person decides ("Reintentar"). Anything else (MercadoPago down,
    // a racing refund holding some tickets) is retried by the next run with the same key.
    if (message === REFUND_MSG.mpRefused) return settle(env, row, 'failed', { error: message });
    console.error(`Cancellation refund of order ${order.id} not done yet`, err);
    return settle(env, row, 'pending', { error: refundMessageOr(message, CANCELLATION_MSG.unexpected) });
  }
}

/** Cron: every unfinished cancellation goes on (a large event, a MercadoPago outage, a crash). */
export async function resumeCancellations(env: Env) {
  const { results } = await env.DB.prepare(
    'select event_id from event_cancellations where finished_at is null order by created_at limit 10',
  ).all<{ event_id: number }>();
  for (const { event_id } of results) {
    const mails: Promise<unknown>[] = [];
    try {
      await processCancellation(env, event_id, (p) => mails.push(p));
    } catch (err) {
      console.error(`Cancellation of event ${event_id} could not go on`, err);
    }
    await Promise.allSettled(mails);
  }
}

/** "Reintentar": the failed orders go back to pending with a new attempt (so a new refund key). */
export async function retryCancellation(env: Env, eventId: number) {
  const exists = await env.DB.prepare('select 1 as x from event_cancellations where event_id = ?')
    .bind(eventId)
    .first();
  if (!exists) fail(404, CANCELLATION_MSG.notCancelled);
  await env.DB.batch([
    env.DB.prepare(
      `update cancellation_refunds set status = 'pending', attempt = attempt + 1, last_error = null, updated_at = ${NOW}
       where event_id = ? and status = 'failed'`,
    ).bind(eventId),
    env.DB.prepare('update event_cancellations set finished_at = null where event_id = ?').bind(eventId),
  ]);
}

export type CancellationProgress = Awaited<ReturnType<typeof cancellationProgress>>[number];

/**
 * The back office's view (Finanzas): per cancelled event in the caller's scope, how many orders were
 * refunded of how many, what is pending, what failed (with the reason), and the cash to give back at the
 * box office.
 */
export async function cancellationProgress(
  db: D1Database,
  scope: { producerIds: number[] | null; eventId: number | null; onlyEvents?: Map<number, number[]> },
) {
  const where = scopeWhere(scope, 'e.producer_id', 'e.id');
  const [summary, failures] = await db.batch([
    db
      .prepare(
        `select c.event_id, e.title, c.reason, c.created_at, c.finished_at,
           count(r.order_id) as orders,
           coalesce(sum(r.status = 'done'), 0) as done,
           coalesce(sum(r.status = 'pending'), 0) as pending,
           coalesce(sum(r.status = 'failed'), 0) as failed,
           coalesce(sum(case when r.status = 'done' and r.outcome = 'refunded' then r.amount_cents end), 0) as refunded_cents,
           coalesce(sum(r.status = 'done' and r.method = 'cash'), 0) as cash_orders,
           coalesce(sum(case when r.status = 'done' and r.method = 'cash' then r.amount_cents end), 0) as cash_cents
         from event_cancellations c join events e on e.id = c.event_id
           left join cancellation_refunds r on r.event_id = c.event_id
         where ${where.sql}
         group by c.event_id order by c.created_at desc limit 20`,
      )
      .bind(...where.binds),
    db
      .prepare(
        `select r.event_id, r.order_id, r.status, r.last_error, o.total_cents - o.refunded_cents as amount_cents,
           coalesce(o.buyer_email, u.email) as buyer_email
         from cancellation_refunds r join events e on e.id = r.event_id join orders o on o.id = r.order_id
           left join users u on u.id = o.user_id
         where ${where.sql} and (r.status = 'failed' or (r.status = 'pending' and r.last_error is not null))
         order by r.updated_at limit 100`,
      )
      .bind(...where.binds),
  ]);
  type Summary = {
    event_id: number;
    title: string;
    reason: string;
    created_at: string;
    finished_at: string | null;
    orders: number;
    done: number;
    pending: number;
    failed: number;
    refunded_cents: number;
    cash_orders: number;
    cash_cents: number;
  };
  type Failure = {
    event_id: number;
    order_id: string;
    status: 'pending' | 'failed';
    last_error: string | null;
    amount_cents: number;
    buyer_email: string | null;
  };
  const problems = failures.results as Failure[];
  return (summary.results as Summary[]).map((s) => ({
    ...s,
    problems: problems.filter((p) => p.event_id === s.event_id).map(({ event_id: _, ...p }) => p),
  }));
}
