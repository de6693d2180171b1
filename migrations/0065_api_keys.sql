-- Producer API keys (issue 34): a key acts for its producer with the permissions named here, never more than
-- the member who created it holds at the moment of each call (functions/domain/events/access.ts, keyActor).
-- Only the SHA-256 of the secret is kept (a 256-bit random secret: a fast hash is right, unlike passwords);
-- `prefix` is the secret's first characters, shown to tell keys apart.
create table api_keys (
  id text primary key,
  producer_id integer not null references producers (id) on delete cascade,
  created_by integer not null references users (id),
  name text not null,
  prefix text not null,
  secret_hash text not null unique,
  -- JSON array of permission names (src/shared/roles.ts)
  permissions text not null,
  -- 1: only the events in api_key_events (none left: nothing)
  event_limited integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text,
  revoked_at text,
  revoked_by integer references users (id),
  last_used_at text
);
create index api_keys_producer on api_keys (producer_id, created_at);

create table api_key_events (
  key_id text not null references api_keys (id) on delete cascade,
  event_id integer not null,
  primary key (key_id, event_id)
);

-- Idempotency-Key claims on writes, kept 24 h (functions/api/lib/idempotency.ts). The row is the claim: the
-- request whose conditional insert (or compare-and-swap on claimed_at) changed it runs; the others answer from it.
create table idempotency_keys (
  owner text not null,
  key text not null,
  fingerprint text not null,
  state text not null check (state in ('pending', 'done')),
  status integer,
  content_type text,
  body blob,
  claimed_at integer not null,
  primary key (owner, key)
);
create index idempotency_keys_claimed on idempotency_keys (claimed_at);
