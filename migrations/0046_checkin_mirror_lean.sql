-- The check-in mirror with fewer B-trees per scan: every scan the event's object copies writes each of these
-- trees once, so at a busy door they are most of D1's work.
-- * checkin_scans: clustered by its id (WITHOUT ROWID: no separate primary-key index). The nonce's unique index
--   and the ticket index go: the event's check-in object owns nonces (one answer per nonce, checked before any
--   decision) and nothing reads the log by nonce or by ticket; every reader asks for one event's scans.
-- * checkin_admissions: clustered by its key (WITHOUT ROWID: no separate primary-key index), the key the
--   running version's upsert names, so a copy by the version before this one still works.
create table checkin_scans_new (
  id text primary key,
  event_id integer not null,
  nonce text not null,
  ticket_id text,
  list_id integer,
  gate_id integer,
  device text not null default '',
  staff_user_id integer,
  staff_name text not null default '',
  kind text not null,
  result text not null,
  offline integer not null default 0,
  conflict integer not null default 0,
  first_at text,
  first_gate text,
  first_staff text,
  client_at text,
  server_at text not null
) without rowid;
insert into checkin_scans_new select id, event_id, nonce, ticket_id, list_id, gate_id, device, staff_user_id,
  staff_name, kind, result, offline, conflict, first_at, first_gate, first_staff, client_at, server_at
  from checkin_scans;
drop table checkin_scans;
alter table checkin_scans_new rename to checkin_scans;
create index checkin_scans_event on checkin_scans (event_id, server_at);

create table checkin_admissions_new (
  list_id integer not null,
  ticket_id text not null,
  event_id integer not null,
  first_at text not null,
  gate_id integer,
  staff_name text not null default '',
  inside integer not null default 1,
  primary key (list_id, ticket_id)
) without rowid;
insert into checkin_admissions_new select list_id, ticket_id, event_id, first_at, gate_id, staff_name, inside
  from checkin_admissions;
drop table checkin_admissions;
alter table checkin_admissions_new rename to checkin_admissions;
create index checkin_admissions_event on checkin_admissions (event_id);
