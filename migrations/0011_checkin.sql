-- Access control at the door. Who is inside is decided by the EventCheckin Durable Object (one per event);
-- D1 keeps the configuration (lists, gates), the durable log of every scan and a mirror of admissions, for
-- counters, reports and the offline scanners' download.

-- A check-in list: which ticket types it admits ('[]' = all the event's types) and whether people may go
-- out and come back in (exit scans). Every event gets a default list covering all its types on first use.
create table checkin_lists (
  id integer primary key autoincrement,
  event_id integer not null references events (id) on delete cascade,
  name text not null,
  type_ids text not null default '[]',
  allow_reentry integer not null default 0,
  is_default integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index checkin_lists_event on checkin_lists (event_id);

-- A gate of the venue ("Puerta 1"): where a scan happened.
create table checkin_gates (
  id integer primary key autoincrement,
  event_id integer not null references events (id) on delete cascade,
  name text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index checkin_gates_event on checkin_gates (event_id);

-- Every scan, admitted or refused. kind: entry, exit, manual, undo. result: admitted, exited, undone, used,
-- cancelled, revoked, other_event, unpaid, forged, wrong_list, not_inside. conflict = 1 when an offline
-- scanner admitted a ticket the authority refused (two offline gates admitting the same ticket):
-- shown to the producer, never hidden. first_* name the entry that made a ticket "used".
create table checkin_scans (
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
);
create unique index checkin_scans_nonce on checkin_scans (event_id, nonce);
create index checkin_scans_event on checkin_scans (event_id, server_at);
create index checkin_scans_ticket on checkin_scans (ticket_id);

-- Mirror of the authority's admissions, per list: who is (or was) admitted, first entry, and whether
-- they are inside now (lists with re-entry).
create table checkin_admissions (
  list_id integer not null,
  ticket_id text not null,
  event_id integer not null,
  first_at text not null,
  gate_id integer,
  staff_name text not null default '',
  inside integer not null default 1,
  primary key (list_id, ticket_id)
);
create index checkin_admissions_event on checkin_admissions (event_id);
