-- Sales back office (issue 11): audit log of staff actions, partial refunds, MercadoPago fees and release
-- dates per payment, and the indexes that keep the dashboard and the order search fast on large events.

-- Every back-office action (refund, resend, box-office sale, holder change, export): who, when, what, why.
create table audit_log (
  id integer primary key autoincrement,
  producer_id integer,
  event_id integer,
  order_id text,
  ticket_id text,
  actor_user_id integer not null,
  actor_name text not null,
  action text not null,
  reason text not null default '',
  detail text not null default '{}',
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index audit_log_order on audit_log (order_id, id);
create index audit_log_producer on audit_log (producer_id, id desc);

-- What was given back of a paid order (some tickets refunded; the whole total once fully refunded).
alter table orders add column refunded_cents integer not null default 0;

-- MercadoPago's fee details (sum, cents) and when the money is released to the collector.
alter table payments add column fee_cents integer not null default 0;
alter table payments add column money_release_date text;
alter table payments add column installments integer;

-- Dashboard figures per period and the order lists, scoped by producer or event.
-- Covering (the figures are read from the index alone: one range scan per chart bucket).
create index orders_event_paid on orders (event_id, paid_at, status, subtotal_cents, fee_cents, total_cents, refunded_cents)
  where paid_at is not null;
create index orders_producer_paid on orders (producer_id, paid_at, status, subtotal_cents, fee_cents, total_cents, refunded_cents)
  where paid_at is not null;
create index orders_event_created on orders (event_id, created_at desc);
create index orders_producer_created on orders (producer_id, created_at desc);
-- Search by buyer e-mail and DNI.
create index orders_buyer_email on orders (buyer_email collate nocase);
create index orders_buyer_dni on orders (buyer_dni);
-- Check-in progress per event date.
create index tickets_date_status on tickets (event_date_id, status);
-- Tickets issued per type in a period (covering): tickets are issued when their order is paid.
create index tickets_event_created on tickets (event_id, created_at, status, ticket_type_id);
create index orders_paid_at on orders (paid_at) where paid_at is not null;
