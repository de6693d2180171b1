-- The uses of promo and access codes over each code's whole scope (issue 29). A code for all of a producer's
-- events counted its max_tickets and max_per_buyer per event (in each event's inventory object), so a code
-- limited to 2 tickets gave 2 on each event. Now each use is a row here, written by the hold's own order batch
-- only if the code still has room over every event it covers (durable-objects/promo-redemptions.ts), and the
-- event's inventory object mirrors the use's later states to it (released, sold, tickets given back).
--   held      the hold is open (or its payment was rejected and may still be retried): counts until expires_at
--             (ms since the epoch, the hold's own expiry), or after it if the hold's order is paid (a sale
--             whose mirror has not arrived yet)
--   sold      paid: counts (tickets lowers when refunded tickets give their use back, release_on_refund)
--   released  the hold ended without a sale, or every ticket gave its use back: does not count
-- buyer is the inventory's buyer key (`user:<id>`, the same on every event), for max_per_buyer. rev is the
-- object's revision of the use: a copy only ever replaces an older one (two copies may cross on the way).
create table promo_code_uses (
  hold_id text primary key,
  code_id integer not null references promo_codes (id) on delete cascade,
  event_id integer not null,
  buyer text not null,
  tickets integer not null check (tickets >= 0),
  state text not null check (state in ('held', 'sold', 'released')),
  expires_at integer not null,
  rev integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) without rowid;
create index promo_code_uses_code on promo_code_uses (code_id, state, expires_at, tickets);
create index promo_code_uses_buyer on promo_code_uses (code_id, buyer, state);
create index promo_code_uses_event_buyer on promo_code_uses (event_id, buyer, state);

-- What was used before this table existed: every open or paid order with a code, all its tickets counted
-- (an over-count only makes the code refuse sooner). Inventory objects carry their own uses over on their next
-- start as well (upserted, the same rows).
insert or ignore into promo_code_uses (hold_id, code_id, event_id, buyer, tickets, state, expires_at)
  select o.hold_id, o.promo_code_id, o.event_id, 'user:' || o.user_id,
    (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id),
    case when o.status = 'paid' then 'sold' else 'held' end,
    cast((julianday(o.hold_expires_at) - 2440587.5) * 86400000 as integer)
  from orders o
  where o.promo_code_id is not null and o.status in ('held', 'pending_payment', 'paid');
