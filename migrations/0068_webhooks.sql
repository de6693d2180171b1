-- Producers' webhooks (issue 34): endpoints, the outbox of messages (written in the same D1 batch as the change
-- they describe), one delivery per message and endpoint, and each delivery attempt (the back office's log,
-- kept 30 days). See functions/api/services/integrations/ and docs/api.md "Webhooks".
create table webhook_endpoints (
  id text primary key,
  producer_id integer not null references producers (id) on delete cascade,
  url text not null,
  description text not null default '',
  -- JSON array of the event types it wants (src/shared/schemas/integrations.ts).
  event_types text not null,
  -- Sealed (functions/lib/secret-box.ts) `whsec_<base64>` signing secrets: the current one and, during a
  -- rotation, the one before it until `previous_until` (both sign each delivery meanwhile).
  secret text not null,
  previous_secret text,
  previous_until text,
  disabled_at text,
  disabled_reason text,
  created_by integer,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index webhook_endpoints_producer on webhook_endpoints (producer_id);

-- One message per change (the Standard Webhooks `webhook-id`), written only when the producer has an endpoint
-- that wants its type. `dedupe_key` makes a repeated writer (a retried batch) write it once.
create table webhook_outbox (
  id text primary key,
  producer_id integer not null,
  type text not null,
  dedupe_key text not null unique,
  payload text not null,
  created_at text not null,
  -- 1 once its deliveries (one per endpoint that wants it) exist: services/integrations/webhook-delivery.ts.
  fanned integer not null default 0
);
create index webhook_outbox_age on webhook_outbox (created_at);
create index webhook_outbox_unfanned on webhook_outbox (fanned) where fanned = 0;

-- What each endpoint still has to receive, and when the next attempt is due.
create table webhook_deliveries (
  id integer primary key autoincrement,
  message_id text not null references webhook_outbox (id) on delete cascade,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer not null default 0,
  next_at integer,
  last_status integer,
  delivered_at text,
  created_at text not null,
  unique (message_id, endpoint_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_at) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at);

-- Every attempt, as the back office shows it (time, status, duration, the start of the answer).
create table webhook_attempts (
  id integer primary key autoincrement,
  delivery_id integer not null references webhook_deliveries (id) on delete cascade,
  at text not null,
  status_code integer,
  duration_ms integer not null,
  excerpt text not null default '',
  replay integer not null default 0
);
create index webhook_attempts_delivery on webhook_attempts (delivery_id, at);
create index webhook_attempts_age on webhook_attempts (at);
