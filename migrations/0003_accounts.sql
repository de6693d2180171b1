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
