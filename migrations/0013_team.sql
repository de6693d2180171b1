-- Team (issue 12): what each member may do in a producer, optionally limited to some of its events;
-- invitations to join by e-mail; each member's last activity.
--   ADMIN       Administrador: full access
--   BOX_OFFICE  Boletería: box-office sales and the tickets sold
--   DOOR        Control de acceso: the door only
--   ANALYST     Analista: dashboard and finance, read only
-- The permissions of each role are in src/shared/roles.ts. The user's `rol` (the token's claim) stays the
-- highest held: ADMIN with any ADMIN membership, else COLABORATORS with any other one.
create table producer_members_next (
  producer_id integer not null references producers (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  role text not null check (role in ('ADMIN', 'BOX_OFFICE', 'DOOR', 'ANALYST')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_active_at text,
  primary key (producer_id, user_id)
);
-- Collaborators so far could only scan at the door.
insert into producer_members_next (producer_id, user_id, role, created_at)
  select producer_id, user_id, case role when 'COLABORATORS' then 'DOOR' else role end, created_at
  from producer_members;
drop table producer_members;
alter table producer_members_next rename to producer_members;
create index producer_members_user on producer_members (user_id);

-- A member limited to some events (no rows: every event of the producer).
create table producer_member_events (
  producer_id integer not null,
  user_id integer not null,
  event_id integer not null references events (id) on delete cascade,
  primary key (producer_id, user_id, event_id),
  foreign key (producer_id, user_id) references producer_members (producer_id, user_id) on delete cascade
);

-- An invitation to join a producer's team; the link carries a token whose hash is kept here.
create table team_invitations (
  id text primary key,
  producer_id integer not null references producers (id) on delete cascade,
  email text not null collate nocase,
  role text not null check (role in ('ADMIN', 'BOX_OFFICE', 'DOOR', 'ANALYST')),
  event_ids text not null default '[]',
  token_hash text not null unique,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'revoked')),
  invited_by integer not null references users (id),
  expires_at text not null,
  sent_at text,
  accepted_user_id integer references users (id),
  accepted_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index team_invitations_producer on team_invitations (producer_id, created_at desc);
-- One open invitation per person and producer (a new one replaces the old).
create unique index team_invitations_open on team_invitations (producer_id, email) where status = 'pending';

-- When the person's memberships last changed (seconds): tokens issued before it carry stale `rol` and
-- `permisos`, so their next answer says `role_update` and the session refreshes.
alter table users add column roles_changed_at integer;
