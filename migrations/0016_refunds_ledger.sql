-- Money you can trust (issue 17): order versions, refunds written before any money moves, each ticket
-- refunded at most once, and an immutable ledger of every movement of money.

-- Every order transition bumps its version (services/orders/state.ts owns the transitions).
alter table orders add column version integer not null default 0;

-- The refund that gave a ticket's money back (its status says whether it was cancelled; a ticket refunded
-- after it was admitted at the door stays 'used').
alter table tickets add column refund_id text;

-- A refund, written first ("pending") with its own idempotency key, which is also the key of its MercadoPago
-- call: a retry of the same refund never becomes a second one. method: mercadopago (to the original
-- payment), cash (box-office order, given back at the ticket office), none (nothing was paid),
-- chargeback (the buyer's bank took it back). status: pending (claimed, money not yet confirmed), done,
-- failed (MercadoPago refused it: nothing was given back and its tickets were released).
create table refunds (
  id text primary key,
  order_id text not null references orders (id),
  ticket_ids text not null,
  amount_cents integer not null check (amount_cents >= 0),
  fee_cents integer not null default 0,
  method text not null check (method in ('mercadopago', 'cash', 'none', 'chargeback')),
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  idempotency_key text not null unique,
  created_by integer,
  reason text not null default '',
  allow_used integer not null default 0,
  completion text,
  stock_returned integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  done_at text
);
create index refunds_order on refunds (order_id, status);
create index refunds_stock on refunds (stock_returned, status);

-- Which refund claimed a ticket: the primary key makes a second claim of the same ticket fail, so two
-- racing refunds cannot both take it. A failed refund deletes its claims.
create table refund_tickets (
  ticket_id text primary key references tickets (id),
  refund_id text not null references refunds (id)
);
create index refund_tickets_refund on refund_tickets (refund_id);

-- A refund is claimed only for a paid order...
create trigger refunds_claim_order before insert on refunds
when coalesce((select status from orders where id = new.order_id), '') <> 'paid'
begin
  select raise(abort, 'refund_order_not_paid');
end;

-- ...and only tickets of that order that are valid (or used, when the refund allows it) can be claimed.
create trigger refund_tickets_claim before insert on refund_tickets
when not exists (
  select 1 from tickets k join refunds r on r.id = new.refund_id
  where k.id = new.ticket_id and k.order_id = r.order_id and k.refund_id is null
    and (k.status = 'valid' or (k.status = 'used' and r.allow_used = 1))
)
begin
  select raise(abort, 'refund_ticket_not_refundable');
end;

-- Every movement of money, never updated or deleted. kind: payment (captured online), service_charge
-- (the platform's part of a payment), mp_fee (MercadoPago's fee, available at release_at), refund,
-- chargeback, box_office (cash, card or transfer at the ticket office), complimentary (an invitation, zero).
-- Amounts are positive cents; the kind says the direction. ref makes each entry written once.
create table ledger_entries (
  id integer primary key autoincrement,
  order_id text not null,
  producer_id integer not null,
  event_id integer not null,
  kind text not null check (kind in ('payment', 'service_charge', 'mp_fee', 'refund', 'chargeback', 'box_office', 'complimentary')),
  method text,
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'ARS',
  release_at text,
  ref text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (kind, ref)
);
-- Covering: the dashboard and finance sum a period's entries from the index alone.
create index ledger_producer on ledger_entries (producer_id, created_at, kind, amount_cents, order_id, release_at);
create index ledger_event on ledger_entries (event_id, created_at, kind, amount_cents, order_id, release_at);
create index ledger_order on ledger_entries (order_id);

create trigger ledger_immutable_update before update on ledger_entries
begin
  select raise(abort, 'ledger_entries_are_immutable');
end;
create trigger ledger_immutable_delete before delete on ledger_entries
begin
  select raise(abort, 'ledger_entries_are_immutable');
end;

-- The sandbox's refunds by idempotency key (development only; MercadoPago keeps its own).
create table dev_mp_refunds (
  idempotency_key text primary key,
  payment_id integer not null,
  amount_cents integer not null,
  body text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The ledger of what happened before it existed: payments (online and box office), service charges,
-- MercadoPago fees, complimentary tickets, and what was given back (refunds and chargebacks).
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, release_at, ref, created_at)
  select o.id, o.producer_id, o.event_id, 'payment', 'mercadopago', o.total_cents, p.money_release_date, o.payment_id, o.paid_at
  from orders o left join payments p on p.id = o.payment_id
  where o.paid_at is not null and o.kind = 'sale' and o.payment_id is not null and o.payment_id not like 'boleteria:%';
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, release_at, ref, created_at)
  select o.id, o.producer_id, o.event_id, 'service_charge', 'mercadopago', o.fee_cents, p.money_release_date, o.payment_id, o.paid_at
  from orders o left join payments p on p.id = o.payment_id
  where o.paid_at is not null and o.kind = 'sale' and o.payment_id is not null and o.payment_id not like 'boleteria:%';
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, release_at, ref, created_at)
  select o.id, o.producer_id, o.event_id, 'mp_fee', 'mercadopago', p.fee_cents, p.money_release_date, p.id, o.paid_at
  from orders o join payments p on p.id = o.payment_id
  where o.paid_at is not null and o.kind = 'sale' and o.payment_id not like 'boleteria:%';
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref, created_at)
  select o.id, o.producer_id, o.event_id, 'box_office', coalesce(p.payment_method_id, 'cash'), o.total_cents, o.payment_id, o.paid_at
  from orders o left join payments p on p.id = o.payment_id
  where o.paid_at is not null and o.payment_id like 'boleteria:%';
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref, created_at)
  select o.id, o.producer_id, o.event_id, 'complimentary', null, 0, o.id, o.created_at from orders o where o.kind = 'invitation';
insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref, created_at)
  select o.id, o.producer_id, o.event_id,
    case when o.payment_status = 'charged_back' then 'chargeback' else 'refund' end,
    case when o.payment_status = 'charged_back' then 'chargeback'
         when o.payment_id like 'boleteria:%' then 'cash' else 'mercadopago' end,
    case when o.status = 'refunded' then o.total_cents else o.refunded_cents end, 'legacy-' || o.id, o.updated_at
  from orders o
  where o.paid_at is not null and o.kind = 'sale' and (o.status = 'refunded' or o.refunded_cents > 0);
