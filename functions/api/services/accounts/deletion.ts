import { HTTPException } from 'hono/http-exception';
import { ACCOUNT_DATA_MSG } from '../../../../src/shared/messages/accounts';
import { REFUND_MSG } from '../../../../src/shared/messages/refunds';
import type { DeletionRequest } from '../../../../src/shared/schemas/accounts';
import { emit } from '../../reactions';
import type { OrderRow } from '../checkout/orders';
import { refundOrderTickets } from '../refunds/refund';
import { forgetPlaces } from './object-places';
import { revokeAllSessions } from './session-tokens';

/**
 * Deleting one's account (issue 35; Ley 25.326's right of deletion). The request is recorded at once (one per
 * account: a second one answers the first's state) and the cron job carries it out within 24 h:
 * 1. a refund still pending on the person's orders is finished first (resumeRefunds drives it; this waits);
 * 2. the tickets they hold to future events are given back through the refund service, so each goes through
 *    its claim at the door and its refund's conditional writes like any refund: refunded, or cancelled without
 *    money back, as they chose;
 * 3. their waiting-list and queue places are removed from the events' objects (object-places.ts), each object
 *    through its own step, with D1's copy of them;
 * 4. the account, its orders, tickets, transfers and mail log lose the name, DNI, e-mail and phone, in one
 *    batch: the orders keep their amounts and the ledger its entries, under a pseudonym, so every figure
 *    still adds up; the account's sessions end and it can no longer log in.
 */

/** How long the person is told it takes at most. */
export const DELETION_HOURS = 24;

type DeletionRow = {
  user_id: number;
  tickets: DeletionRequest['tickets'];
  pseudonym: string;
  status: 'pending' | 'done';
  requested_at: string;
  done_at: string | null;
};

/** A pending refund of the person's orders (the deletion waits for it). */
const PENDING_REFUND_SQL = `exists (select 1 from refunds r join orders o on o.id = r.order_id
  where o.user_id = ? and r.status = 'pending')`;

/** The state of the person's request, as "Mis datos" and the request's answer show it (null: none). */
export async function deletionOf(db: D1Database, userId: number) {
  const row = await db
    .prepare(`select d.*, ${PENDING_REFUND_SQL} as refund_pending from account_deletions d where d.user_id = ?`)
    .bind(userId, userId)
    .first<DeletionRow & { refund_pending: number }>();
  if (!row) return null;
  return {
    status: row.status,
    tickets: row.tickets,
    requested_at: row.requested_at,
    due_by: new Date(Date.parse(row.requested_at) + DELETION_HOURS * 3_600_000).toISOString(),
    done_at: row.done_at,
    refund_pending: row.status === 'pending' && row.refund_pending === 1,
  };
}
export type DeletionState = NonNullable<Awaited<ReturnType<typeof deletionOf>>>;

/** A pseudonym no other deleted account has (the table's unique key refuses a repeat). */
const pseudonym = () => ACCOUNT_DATA_MSG.pseudonym(crypto.randomUUID().slice(0, 8).toUpperCase());

/**
 * Records the request (the first one wins a race: the insert is conditional on the account having none) and
 * answers its state, with a message that says whether a pending refund goes first or it was asked already.
 */
export async function requestDeletion(db: D1Database, userId: number, input: DeletionRequest) {
  const inserted = await db
    .prepare(
      'insert into account_deletions (user_id, tickets, pseudonym) values (?, ?, ?) on conflict (user_id) do nothing',
    )
    .bind(userId, input.tickets, pseudonym())
    .run();
  const state = (await deletionOf(db, userId))!;
  const created = inserted.meta.changes === 1;
  const message = !created
    ? ACCOUNT_DATA_MSG.deletionAlready
    : state.refund_pending
      ? ACCOUNT_DATA_MSG.deletionRefundFirst
      : ACCOUNT_DATA_MSG.deletionRequested;
  return { created, message, deletion: state };
}

/** Cron: carries out the pending requests, oldest first (each run takes a few; each is idempotent). */
export async function processDeletions(env: Env): Promise<void> {
  const { results } = await env.DB.prepare(
    "select * from account_deletions where status = 'pending' order by requested_at limit 10",
  ).all<DeletionRow>();
  for (const row of results) {
    try {
      await carryOut(env, row);
    } catch (err) {
      console.error(`Account deletion of user ${row.user_id} not finished; the next run goes on`, err);
    }
  }
}

/** One request: refunds first, then the tickets to come, then the anonymisation. False while it must wait. */
export async function carryOut(env: Env, row: DeletionRow): Promise<boolean> {
  const db = env.DB;
  if (await hasPendingRefund(db, row.user_id)) return false;
  // The refunds below are audited under the account's name: the pseudonym from now on, never who they were.
  await db
    .prepare(
      "update users set name = ? where id = ? and exists (select 1 from account_deletions where user_id = ? and status = 'pending')",
    )
    .bind(row.pseudonym, row.user_id, row.user_id)
    .run();
  await emit(env, { kind: 'staffChanged', userId: row.user_id });
  const given = await giveBackFutureTickets(env, row);
  // A refund the tickets' return left pending (a MercadoPago outage): finished by the cron job first.
  if (!given || (await hasPendingRefund(db, row.user_id))) return false;
  // Their places in the events' objects (waiting lists, queues) first: a failure leaves the request pending.
  await forgetPlaces(env, row.user_id);
  await anonymise(env, row);
  // Again once the account can no longer join anything: a join that read it before the anonymisation may have
  // reached its object after the first pass.
  await forgetPlaces(env, row.user_id);
  return true;
}

async function hasPendingRefund(db: D1Database, userId: number) {
  const row = await db.prepare(`select ${PENDING_REFUND_SQL} as pending`).bind(userId).first<{ pending: number }>();
  return row?.pending === 1;
}

/**
 * The person's valid tickets to dates still to come, per order. A ticket they bought is refunded or cancelled
 * as they chose; one they received by transfer is cancelled (its money went to whoever bought it). Invitations
 * are not sold and stay as they are (the anonymisation removes their names). A ticket admitted at the door
 * meanwhile is refused by its claim: the others of its order are then given back one by one, and the admitted
 * one stays used (the person is inside). False when something else refused (another refund under way, a
 * MercadoPago outage): the next run reads again before anything is anonymised.
 */
async function giveBackFutureTickets(env: Env, row: DeletionRow): Promise<boolean> {
  const { results } = await env.DB.prepare(
    `select k.id, k.order_id from tickets k join orders o on o.id = k.order_id
       join event_dates d on d.id = k.event_date_id
      where k.owner_user_id = ? and k.status = 'valid' and k.refund_id is null and o.status = 'paid'
        and o.kind = 'sale' and d.starts_at > ?
      order by k.order_id, k.id`,
  )
    .bind(row.user_id, new Date().toISOString())
    .all<{ id: string; order_id: string }>();
  const byOrder = new Map<string, string[]>();
  for (const t of results) byOrder.set(t.order_id, [...(byOrder.get(t.order_id) ?? []), t.id]);
  const mails: Promise<unknown>[] = [];
  let complete = true;
  for (const [orderId, ids] of byOrder) {
    const order = await env.DB.prepare('select * from orders where id = ?').bind(orderId).first<OrderRow>();
    if (!order) continue;
    let outcome = await giveBack(env, row, order, ids, mails);
    if (outcome === 'admitted' && ids.length > 1)
      for (const id of ids) if ((await giveBack(env, row, order, [id], mails)) === 'wait') outcome = 'wait';
    if (outcome === 'wait') complete = false;
  }
  // The refund e-mails go to the person's address before it is removed.
  await Promise.allSettled(mails);
  return complete;
}

/** One refund (or cancellation) of some of an order's tickets; what a refusal means for the deletion. */
async function giveBack(
  env: Env,
  row: DeletionRow,
  order: OrderRow,
  ids: string[],
  mails: Promise<unknown>[],
): Promise<'done' | 'admitted' | 'wait'> {
  const refund = row.tickets === 'refund' && order.user_id === row.user_id;
  try {
    await refundOrderTickets(
      env,
      order,
      {
        actor: null,
        createdBy: row.user_id,
        reason: ACCOUNT_DATA_MSG.deletionReason,
        ticketIds: ids,
        // The same tickets are the same refund on a retry; other tickets, another one.
        key: `deletion:${row.user_id}:${ids.join(',')}`,
        // Cancelled: everything kept, nothing given back (the refund service's method 'none').
        keepCents: refund ? 0 : Number.MAX_SAFE_INTEGER,
      },
      (p) => mails.push(p),
    );
    return 'done';
  } catch (err) {
    if (!(err instanceof HTTPException)) throw err;
    if (err.message === REFUND_MSG.usedTickets) return 'admitted';
    console.error(`Deletion of user ${row.user_id}: tickets of order ${order.id} not given back yet`, err.message);
    return 'wait';
  }
}

/** The one batch that removes who the person is, conditional on the request still being pending. */
async function anonymise(env: Env, row: DeletionRow) {
  const db = env.DB;
  const user = await db.prepare('select email from users where id = ?').bind(row.user_id).first<{ email: string }>();
  if (!user) return;
  const address = `${row.pseudonym.toLowerCase().replaceAll(' ', '.')}@borrado.invalid`;
  const pending = "exists (select 1 from account_deletions where user_id = ?1 and status = 'pending')";
  const statements = [
    // Who they were, in what they leave behind.
    db
      .prepare(
        `update orders set buyer_name = ?2, buyer_email = ?3, buyer_dni = null, buyer_phone = null
          where user_id = ?1 and ${pending}`,
      )
      .bind(row.user_id, row.pseudonym, address),
    db
      .prepare(`update tickets set holder_name = ?2, holder_dni = null where owner_user_id = ?1 and ${pending}`)
      .bind(row.user_id, row.pseudonym),
    db
      .prepare(
        `update order_items set holders = '[]' where order_id in (select id from orders where user_id = ?1) and ${pending}`,
      )
      .bind(row.user_id),
    db
      .prepare(`update ticket_transfers set to_email = ?2 where to_email = ?3 and ${pending}`)
      .bind(row.user_id, address, user.email),
    db
      .prepare(`update mail_log set to_address = ?2 where to_address = ?3 and ${pending}`)
      .bind(row.user_id, address, user.email),
    // The waiting lists' e-mails still queued or sent to them (the objects' own rows are forgotten before).
    db
      .prepare(`update waitlist_mails set email = ?2 where email = ?3 and ${pending}`)
      .bind(row.user_id, address, user.email),
    db.prepare(`delete from account_tokens where user_id = ?1 and ${pending}`).bind(row.user_id),
    // The account: no name, DNI, phone or address; no password; inactive.
    db
      .prepare(
        `update users set name = ?2, email = ?3, dni = '', telefono = '', password_hash = '!', activo = 0,
                accept_promotions = 0, pais_id = null, provinces_id = null,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          where id = ?1 and ${pending}`,
      )
      .bind(row.user_id, row.pseudonym, address),
    db
      .prepare(
        `update account_deletions set status = 'done', done_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          where user_id = ?1 and status = 'pending'`,
      )
      .bind(row.user_id),
  ];
  // The events whose door keeps a copy of the person's tickets (holder names): told once the names are gone.
  const { results: events } = await db
    .prepare('select distinct event_id from tickets where owner_user_id = ?')
    .bind(row.user_id)
    .all<{ event_id: number }>();
  const results = await db.batch(statements);
  if (results.at(-1)?.meta.changes !== 1) return;
  await revokeAllSessions(env, row.user_id);
  await emit(
    env,
    { kind: 'staffChanged', userId: row.user_id },
    ...events.map((e) => ({ kind: 'ticketsChanged' as const, eventId: e.event_id })),
  );
}
