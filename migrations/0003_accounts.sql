-- Accounts: users and their one-time tokens. Roles follow spec section 6 (USER, COLABORATORS, ADMIN, SUPERADMIN).
create table users (
  id integer primary key,
  name text not null,
  email text not null unique collate nocase,
  password_hash text not null,
  dni text not null,
  telefono text not null,
  pais_id integer references pais (id),
  provinces_id integer references provincias (id),
  rol text not null default 'USER' check (rol in ('USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN')),
  activo integer not null default 1,
  email_verified_at text,
  accept_promotions integer not null default 0,
  terms_accepted_at text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Refresh-token families: one per login. Revoking a family ends that session on every device that holds
-- one of its tokens (logout, or reuse of a rotated token: the session was stolen or replayed).
create table refresh_families (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at text
);
create index refresh_families_user on refresh_families (user_id);

-- Refresh tokens, stored as SHA-256 of the random value. Rotated on every use: `used_at` marks the
-- moment it was exchanged. Times are Unix milliseconds (compared in SQL and code alike).
create table refresh_tokens (
  token_hash text primary key,
  family_id text not null references refresh_families (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at integer not null,
  expires_at integer not null,
  used_at integer
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_expiry on refresh_tokens (expires_at);

-- Single-use tokens sent by e-mail (verification, password reset, e-mail change), stored as SHA-256.
create table account_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password', 'change_email')),
  -- The address being confirmed by a change_email token.
  new_email text collate nocase,
  created_at integer not null,
  expires_at integer not null,
  used_at integer
);
create index account_tokens_user on account_tokens (user_id, purpose);
create index account_tokens_expiry on account_tokens (expires_at);
