-- Orders, payments and tickets. Availability itself lives in the EventInventory Durable Object (one per
-- event); D1 keeps what was bought and paid. Money is integer cents (ARS); times are ISO 8601 UTC.

-- Platform configuration (key/value). The service charge ("cargo por servicio") is charged per paid ticket:
-- round(price * percent_bp / 10000) + fixed_cents. producers.fee_* override it per producer.
create table platform_config (
  key text primary key,
  value text not null
);
insert into platform_config (key, value) values
  ('service_fee_percent_bp', '1000'),
  ('service_fee_fixed_cents', '5000');

-- MercadoPago credentials of a producer that collects with its own account (optional). Without a row the
-- platform's credentials (secrets MP_ACCESS_TOKEN and MP_WEBHOOK_SECRET) are used.
create table producer_payment_accounts (
  producer_id integer primary key references producers (id) on delete cascade,
  mp_access_token text not null,
  mp_webhook_secret text not null,
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- An order is born with its hold. status:
--   held            the hold is open, the buyer is in /checkout
--   pending_payment sent to MercadoPago (a cash payment waits here until paid or its hold expires)
--   paid            approved: tickets issued
--   failed          payment rejected or cancelled: hold released
--   expired         the hold ran out without an approved payment
--   refunded        refunded (by the producer, by MercadoPago, or because a late payment found no stock)
create table orders (
  id text primary key,
  user_id integer not null references users (id),
  event_id integer not null references events (id),
  producer_id integer not null references producers (id),
  hold_id text not null,
  status text not null default 'held'
    check (status in ('held', 'pending_payment', 'paid', 'failed', 'expired', 'refunded')),
  hold_expires_at text not null,
  subtotal_cents integer not null,
  fee_cents integer not null,
  total_cents integer not null,
  buyer_name text,
  buyer_email text,
  buyer_dni text,
  buyer_phone text,
  mp_preference_id text,
  payment_id text,
  payment_status text,
  status_reason text,
  paid_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index orders_user on orders (user_id, created_at desc);
create index orders_event on orders (event_id, status);
create index orders_open on orders (status, hold_expires_at);

create table order_items (
  order_id text not null references orders (id) on delete cascade,
  ticket_type_id integer not null references ticket_types (id),
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null,
  unit_fee_cents integer not null,
  -- JSON array of {name, dni} per ticket when the ticket type is named; '[]' otherwise.
  holders text not null default '[]',
  primary key (order_id, ticket_type_id)
);

-- Every MercadoPago payment seen for an order (one preference may collect several attempts).
create table payments (
  id text primary key,
  order_id text not null references orders (id),
  status text not null,
  status_detail text,
  payment_method_id text,
  payment_type_id text,
  amount_cents integer not null,
  date_of_expiration text,
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index payments_order on payments (order_id);

-- One ticket per entry. code is the signed code in the QR; status: valid, used, cancelled, transferred.
create table tickets (
  id text primary key,
  order_id text not null references orders (id),
  event_id integer not null references events (id),
  event_date_id integer not null references event_dates (id),
  ticket_type_id integer not null references ticket_types (id),
  owner_user_id integer not null references users (id),
  holder_name text,
  holder_dni text,
  code text not null unique,
  status text not null default 'valid' check (status in ('valid', 'used', 'cancelled', 'transferred')),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index tickets_owner on tickets (owner_user_id, event_id);
create index tickets_order on tickets (order_id);

-- A transfer offer to someone by e-mail; accepting it revokes the old ticket and issues a new one.
create table ticket_transfers (
  id text primary key,
  ticket_id text not null references tickets (id),
  from_user_id integer not null references users (id),
  to_email text not null collate nocase,
  token_hash text not null unique,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'cancelled')),
  new_ticket_id text references tickets (id),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  accepted_at text
);
create index ticket_transfers_ticket on ticket_transfers (ticket_id, status);

-- Revoked ticket ids (cancelled or transferred), for offline scanners that verify signatures.
create table revocations (
  ticket_id text primary key references tickets (id),
  event_id integer not null,
  reason text not null check (reason in ('cancelled', 'transferred')),
  revoked_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index revocations_event on revocations (event_id);

-- Development only: the bundled MercadoPago sandbox (/dev/mercadopago) keeps its preferences and payments
-- here. Empty in production.
create table dev_mp_preferences (
  id text primary key,
  access_token text not null,
  body text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table dev_mp_payments (
  id integer primary key autoincrement,
  preference_id text not null,
  access_token text not null,
  body text not null
);
