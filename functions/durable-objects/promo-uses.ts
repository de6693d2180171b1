import type { HoldItem } from './event-inventory';
import { type PromoDef, type PromoRefusal, sumItems } from './promo-redemptions';

/**
 * The uses of promo and access codes, counted over each code's whole scope (issue 29). A code for several
 * events has one count for all of them (max_tickets, and max_per_buyer per buyer key), which no single
 * inventory object can hold: uses live in D1 (`promo_code_uses`, migration 0050) and each is taken in its
 * hold's own order batch (claimStatements): the use's row is inserted only if the code still has room over
 * every event it covers, and the order only if the use was inserted. D1 runs a batch as one transaction, one
 * at a time, so the limit holds under any interleaving across events; and without an order there is no
 * payment, so no event sells a discounted ticket the count did not grant. A hold whose use was refused is
 * released at once.
 *
 * The event's inventory object keeps its own copy of its uses (`promo_uses`), with the same states and the
 * same rule of what counts, for two reasons: a hold is refused without any D1 write when this event's uses
 * alone fill the code (they are a part of the whole), and the later states of each use are decided here, in
 * the step that decides its hold's (released, expired or replaced: given back; paid: sold; refunded: its
 * tickets given back when the code says so). Each such change is marked unsynced in that same step and copied
 * to D1 with the inventory's mirror (mirrorStatements), also after a restart, so it survives the object's
 * loss. A copy that has not arrived yet only delays a give-back: a held use stops counting at its hold's expiry
 * on both sides, and in D1 still counts after it if the hold's order was paid (a sale whose copy is late).
 * A rejected payment keeps its use for the rest of the hold's time, so a retry that pays always finds it.
 */

/** When a use counts against its code: sold, or held and not expired yet (`?` is now, in ms). */
const COUNTS = "(state = 'sold' or (state = 'held' and expires_at > ?))";

/** The same rule in D1, where a held use whose order was paid (the sale's copy on its way) counts too. */
const COUNTS_IN_D1 = `(u.state = 'sold' or (u.state = 'held' and (u.expires_at > ? or exists (
  select 1 from orders o where o.promo_code_id = u.code_id and o.hold_id = u.hold_id and o.status = 'paid'))))`;

const TABLE = `
create table if not exists promo_uses (
  hold_id text primary key,
  code_id integer not null,
  buyer text not null,
  items text not null,
  tickets integer not null,
  max_tickets integer,
  release_on_refund integer not null,
  active integer not null default 1,
  state text not null default 'held',
  expires_at integer not null default 0,
  synced integer not null default 1,
  rev integer not null default 0
);
`;

/**
 * `state` and `expires_at` as in D1. `synced`: 1 when D1 has the use as it is here; 0 when a change is still to
 * be copied (an update: the row itself is inserted by the hold's order batch); 2 when D1 may not have the row
 * at all (uses this object counted before migration 0050), so the copy inserts it. `rev` counts the changes:
 * a copy marks synced only the revision it copied, and D1 keeps the newest revision it was sent (the uses of
 * before 0050 come as revision 1, newer than what the migration guessed from the orders). (`active` is the flag of before issue 29, no longer read.)
 */
const INDEXES = `
create index if not exists promo_uses_counted on promo_uses (code_id, state, expires_at);
create index if not exists promo_uses_buyer_counted on promo_uses (code_id, buyer, state);
create index if not exists promo_uses_unsynced on promo_uses (synced) where synced <> 1;
`;

/** Creates the table, or brings one from before issue 29 (an `active` flag only) to states and expiries. */
export function setupPromoUses(sql: SqlStorage) {
  sql.exec(TABLE);
  const columns = sql.exec<{ name: string }>('pragma table_info(promo_uses)').toArray();
  if (!columns.some((c) => c.name === 'state')) {
    for (const column of [
      "state text not null default 'held'",
      'expires_at integer not null default 0',
      'synced integer not null default 1',
      'rev integer not null default 0',
    ])
      sql.exec(`alter table promo_uses add column ${column}`);
    sql.exec(
      `update promo_uses set
         state = case when active = 0 then 'released'
                      when (select status from holds h where h.id = promo_uses.hold_id) = 'sold' then 'sold'
                      else 'held' end,
         expires_at = coalesce((select expires_at from holds h where h.id = promo_uses.hold_id), 0),
         synced = 2, rev = 1`,
    );
  }
  sql.exec(INDEXES);
}

/**
 * This event's share of the code: whether it alone leaves no room for `counted` more tickets (run right before
 * the hold, in the same step). The buyer's own open or rejected holds are left out: the new hold replaces them.
 * A pass here is not a grant; the order batch's claim is.
 */
export function refuseByEventUses(
  sql: SqlStorage,
  promo: PromoDef,
  counted: number,
  buyer: string,
  now: number,
): PromoRefusal | null {
  const used = (where: string, ...binds: (string | number)[]) =>
    sql
      .exec<{ n: number }>(
        `select coalesce(sum(tickets), 0) as n from promo_uses where code_id = ? and ${COUNTS}
           and hold_id not in (select id from holds where buyer = ? and status in ('open', 'rejected')) ${where}`,
        promo.id,
        now,
        buyer,
        ...binds,
      )
      .one().n;
  return roomRefusal(promo, counted, used(''), promo.maxPerBuyer === null ? 0 : used('and buyer = ?', buyer));
}

/** The refusal when `used` (and `buyerUsed`, by the buyer) leave no room for `counted` more tickets. */
function roomRefusal(promo: PromoDef, counted: number, used: number, buyerUsed: number): PromoRefusal | null {
  if (promo.maxTickets !== null && used + counted > promo.maxTickets)
    return { ok: false, reason: 'promo_exhausted', remaining: Math.max(0, promo.maxTickets - used) };
  if (promo.maxPerBuyer !== null && buyerUsed + counted > promo.maxPerBuyer)
    return { ok: false, reason: 'promo_per_buyer', max: promo.maxPerBuyer };
  return null;
}

/** A hold's use of the code, right after the hold (same step); D1 gets it from the order batch's claim. */
export function recordPromoUse(
  sql: SqlStorage,
  promo: PromoDef,
  holdId: string,
  buyer: string,
  counted: HoldItem[],
  expiresAt: number,
) {
  sql.exec(
    `insert into promo_uses (hold_id, code_id, buyer, items, tickets, max_tickets, release_on_refund, state,
       expires_at, synced)
     values (?, ?, ?, ?, ?, ?, ?, 'held', ?, 1)`,
    holdId,
    promo.id,
    buyer,
    JSON.stringify(counted),
    sumItems(counted),
    promo.maxTickets,
    promo.releaseOnRefund ? 1 : 0,
    expiresAt,
  );
}

/** A change to copy to D1: marked in the same step as the change itself. */
const CHANGED = 'synced = case when synced = 2 then 2 else 0 end, rev = rev + 1';

/** The hold was released, expired or replaced: its use goes back to the code. */
export function releasePromoUse(sql: SqlStorage, holdId: string) {
  sql.exec(`update promo_uses set state = 'released', ${CHANGED} where hold_id = ? and state <> 'released'`, holdId);
}

/** An open hold's time moved (a pending cash payment): its use counts as long. True when it had one. */
export function extendPromoUse(sql: SqlStorage, holdId: string, expiresAt: number): boolean {
  return (
    sql.exec(
      `update promo_uses set expires_at = ?, ${CHANGED} where hold_id = ? and state = 'held' and expires_at < ?`,
      expiresAt,
      holdId,
      expiresAt,
    ).rowsWritten > 0
  );
}

/** Whether some change of a use still waits for its copy to D1 (a failed or interrupted mirror). */
export const promoUsesUnsynced = (sql: SqlStorage) =>
  sql.exec('select 1 from promo_uses where synced <> 1 limit 1').toArray().length > 0;

/**
 * The hold is being sold: its use becomes sold. False (nothing changed) when the use was given back already
 * (only a rejected hold of before issue 29, whose use went back at the rejection): it is not sold then.
 */
export function sellPromoUse(sql: SqlStorage, holdId: string): boolean {
  const row = sql.exec<{ state: string }>('select state from promo_uses where hold_id = ?', holdId).toArray()[0];
  if (!row) return true;
  if (row.state === 'released') return false;
  if (row.state === 'held') sql.exec(`update promo_uses set state = 'sold', ${CHANGED} where hold_id = ?`, holdId);
  return true;
}

/** Refunded tickets give their use back when the code says so (release_on_refund). */
export function returnPromoTickets(sql: SqlStorage, holdId: string, returned: HoldItem[] | 'all') {
  const row = sql
    .exec<{ items: string; release_on_refund: number }>(
      "select items, release_on_refund from promo_uses where hold_id = ? and state = 'sold'",
      holdId,
    )
    .toArray()[0];
  if (row?.release_on_refund !== 1) return;
  if (returned === 'all') return releasePromoUse(sql, holdId);
  const left = new Map((JSON.parse(row.items) as HoldItem[]).map((i) => [i.typeId, i.quantity]));
  for (const r of returned) if (left.has(r.typeId)) left.set(r.typeId, Math.max(0, left.get(r.typeId)! - r.quantity));
  const items = [...left].filter(([, q]) => q > 0).map(([typeId, quantity]) => ({ typeId, quantity }));
  sql.exec(
    `update promo_uses set items = ?, tickets = ?, state = ?, ${CHANGED} where hold_id = ?`,
    JSON.stringify(items),
    sumItems(items),
    items.length > 0 ? 'sold' : 'released',
    holdId,
  );
}

/** Live tickets counted against each code on this event (open holds and sales). */
export function promoUse(sql: SqlStorage, now: number): { codeId: number; tickets: number }[] {
  return sql
    .exec<{ code_id: number; n: number }>(
      `select code_id, sum(tickets) as n from promo_uses where ${COUNTS} group by code_id order by code_id`,
      now,
    )
    .toArray()
    .map((r) => ({ codeId: r.code_id, tickets: r.n }));
}

// ---- D1: the count over the code's whole scope ----

/** What the order batch needs to claim a hold's use. */
export type PromoClaim = { promo: PromoDef; buyer: string; tickets: number; now: number };

/**
 * The statements that claim a hold's use in its order batch, before the order's own insert (which then
 * requires the use's row: `requireClaim`): the buyer's earlier held uses on this event end (the new hold
 * replaced those holds, in the object), then the use is inserted only while the configuration the hold was
 * checked against is current and the code has room over its whole scope.
 */
export function claimStatements(
  db: D1Database,
  claim: PromoClaim,
  hold: { id: string; eventId: number; version: number; expiresAt: number },
): D1PreparedStatement[] {
  const { promo, buyer, tickets, now } = claim;
  return [
    db
      .prepare("update promo_code_uses set state = 'released' where event_id = ? and buyer = ? and state = 'held'")
      .bind(hold.eventId, buyer),
    db
      .prepare(
        `insert into promo_code_uses (hold_id, code_id, event_id, buyer, tickets, state, expires_at)
         select ?, ?, ?, ?, ?, 'held', ?
         where coalesce((select v from sale_versions where event_id = ?), 0) = ?
           and (? is null or ? + (select coalesce(sum(u.tickets), 0) from promo_code_uses u
                                   where u.code_id = ? and ${COUNTS_IN_D1}) <= ?)
           and (? is null or ? + (select coalesce(sum(u.tickets), 0) from promo_code_uses u
                                  where u.code_id = ? and u.buyer = ? and ${COUNTS_IN_D1}) <= ?)`,
      )
      .bind(
        hold.id,
        promo.id,
        hold.eventId,
        buyer,
        tickets,
        hold.expiresAt,
        hold.eventId,
        hold.version,
        promo.maxTickets,
        tickets,
        promo.id,
        now,
        promo.maxTickets,
        promo.maxPerBuyer,
        tickets,
        promo.id,
        buyer,
        now,
        promo.maxPerBuyer,
      ),
  ];
}

/** The condition the order's insert adds when it has a code: its use was claimed in this batch. */
export const CLAIMED = 'exists (select 1 from promo_code_uses where hold_id = ?)';

/**
 * Why a hold's claim was refused, read after its batch (`undefined`: it was the configuration's version that
 * changed, or the code has room again; either way the caller asks again). The version only grows, so reading
 * the same version after the batch means it was the same during it: the code had no room.
 */
export async function claimRefusal(
  db: D1Database,
  claim: PromoClaim,
  eventId: number,
  version: number,
): Promise<PromoRefusal | undefined> {
  const { promo, buyer, tickets } = claim;
  const now = Date.now();
  const row = await db
    .prepare(
      `select coalesce((select v from sale_versions where event_id = ?), 0) as version,
         (select coalesce(sum(u.tickets), 0) from promo_code_uses u where u.code_id = ? and ${COUNTS_IN_D1}) as used,
         (select coalesce(sum(u.tickets), 0) from promo_code_uses u where u.code_id = ? and u.buyer = ? and ${COUNTS_IN_D1})
           as buyer_used`,
    )
    .bind(eventId, promo.id, now, promo.id, buyer, now)
    .first<{ version: number; used: number; buyer_used: number }>();
  if (!row || row.version !== version) return undefined;
  return roomRefusal(promo, tickets, row.used, row.buyer_used) ?? undefined;
}

type UseRow = {
  hold_id: string;
  code_id: number;
  buyer: string;
  tickets: number;
  state: string;
  expires_at: number;
  synced: number;
  rev: number;
};

/**
 * The changes of this object's uses that D1 does not have yet, as statements for the inventory's mirror batch,
 * and `copied()` to mark them synced once the batch is done (those changed again meanwhile stay unsynced).
 */
export function mirrorStatements(sql: SqlStorage, db: D1Database, eventId: number) {
  const rows = sql
    .exec<UseRow>(
      'select hold_id, code_id, buyer, tickets, state, expires_at, synced, rev from promo_uses where synced <> 1',
    )
    .toArray();
  // A copy never replaces a newer one: two copies of one use (the mirror's, a claim batch's) may cross.
  const statements = rows.map((r) =>
    r.synced === 2
      ? db
          .prepare(
            `insert into promo_code_uses (hold_id, code_id, event_id, buyer, tickets, state, expires_at, rev)
             select ?, ?, ?, ?, ?, ?, ?, ? where exists (select 1 from promo_codes where id = ?)
             on conflict (hold_id) do update set tickets = excluded.tickets, state = excluded.state,
               expires_at = excluded.expires_at, rev = excluded.rev where excluded.rev > promo_code_uses.rev`,
          )
          .bind(r.hold_id, r.code_id, eventId, r.buyer, r.tickets, r.state, r.expires_at, r.rev, r.code_id)
      : db
          .prepare(
            'update promo_code_uses set tickets = ?, state = ?, expires_at = ?, rev = ? where hold_id = ? and rev < ?',
          )
          .bind(r.tickets, r.state, r.expires_at, r.rev, r.hold_id, r.rev),
  );
  const copied = () => {
    for (const r of rows) sql.exec('update promo_uses set synced = 1 where hold_id = ? and rev = ?', r.hold_id, r.rev);
  };
  return { statements, copied };
}
