-- Configuration (issue 12): producers' fiscal data, payout account and sales preferences, their activation
-- by a superadmin, the limits of a producer's own service charge, the platform's MercadoPago application
-- credentials, and producers' MercadoPago accounts linked through OAuth (tokens encrypted, see
-- functions/lib/secret-box.ts).

-- A deactivated producer sells nothing (its events' sale configuration says so) until reactivated.
alter table producers add column activo integer not null default 1;

create table producer_settings (
  producer_id integer primary key references producers (id) on delete cascade,
  razon_social text,
  -- 11 digits, check digit validated (src/shared/fiscal.ts)
  cuit text,
  iva_condition text check (iva_condition in ('responsable_inscripto', 'monotributo', 'exento', 'no_alcanzado')),
  -- CBU or CVU (22 digits, both check digits validated) or alias
  payout_account text,
  payout_kind text check (payout_kind in ('cbu', 'cvu', 'alias')),
  payout_holder text,
  -- Minutes a buyer's hold lasts for every event of the producer (null: each event's own, 10 by default).
  hold_minutes integer check (hold_minutes between 5 and 30),
  -- New ticket types are named (holder's name and DNI per ticket) by default.
  named_tickets integer not null default 0,
  -- Door staff ask for the holder's DNI.
  door_dni integer not null default 0,
  refund_policy text not null default '',
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The inventory objects re-read their sale configuration when its version moves.
create trigger sale_producer_settings_insert after insert on producer_settings begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events where producer_id = new.producer_id;
  update sale_versions set v = v + 1 where event_id in (select id from events where producer_id = new.producer_id);
end;
create trigger sale_producer_settings_update after update of hold_minutes on producer_settings
  when old.hold_minutes is not new.hold_minutes begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events where producer_id = new.producer_id;
  update sale_versions set v = v + 1 where event_id in (select id from events where producer_id = new.producer_id);
end;
create trigger sale_producers_activo after update of activo on producers when old.activo is not new.activo begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events where producer_id = new.id;
  update sale_versions set v = v + 1 where event_id in (select id from events where producer_id = new.id);
end;

-- Within these limits a producer's admin may set its own service charge (a superadmin may set any).
insert into platform_config (key, value) values
  ('producer_fee_min_percent_bp', '0'),
  ('producer_fee_max_percent_bp', '2000'),
  ('producer_fee_min_fixed_cents', '0'),
  ('producer_fee_max_fixed_cents', '100000');

-- Platform secrets set by a superadmin (values encrypted; env secrets are the fallback). Kept apart from
-- platform_config, whose every change re-versions every event's sale configuration.
create table platform_secrets (
  key text primary key,
  value text not null,
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A producer's own MercadoPago account, linked through OAuth ("vinculación"): its payments are created with
-- these credentials and carry the platform's marketplace_fee. Tokens are AES-GCM encrypted. An unlinked
-- account keeps its row (unlinked_at) so the payments it collected can still be read and refunded.
create table producer_mp_links (
  producer_id integer not null references producers (id) on delete cascade,
  mp_user_id text not null,
  public_key text,
  access_token_enc text not null,
  refresh_token_enc text not null,
  expires_at text not null,
  live_mode integer not null default 0,
  linked_by integer references users (id),
  linked_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  refreshed_at text,
  refresh_attempted_at text,
  refresh_error text,
  unlinked_at text,
  primary key (producer_id, mp_user_id)
);
-- At most one linked account per producer; former ones stay for their payments.
create unique index producer_mp_links_current on producer_mp_links (producer_id) where unlinked_at is null;
create index producer_mp_links_expiry on producer_mp_links (expires_at);

-- The linked seller account (MercadoPago user id) that collects an order's payment; null: the platform's or
-- the producer's manually configured account.
alter table orders add column mp_collector_id text;

-- OAuth `state` values handed out with an authorization link: bound to the producer and the admin who asked,
-- single use, short-lived. Stored as a SHA-256 hash; the PKCE verifier waits here for the code exchange.
create table mp_oauth_states (
  state_hash text primary key,
  producer_id integer not null references producers (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  code_verifier text not null,
  expires_at text not null
);

-- Development sandbox (/dev/mercadopago): authorization codes and the seller tokens it issued.
create table dev_mp_oauth_codes (
  code text primary key,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text,
  user_id integer not null,
  nickname text not null,
  expires_at text not null,
  used integer not null default 0
);
create table dev_mp_oauth_tokens (
  access_token text primary key,
  refresh_token text not null unique,
  client_id text not null,
  user_id integer not null,
  public_key text not null,
  expires_at text not null
);
