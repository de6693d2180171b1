-- Reserved seating (issue 33): a producer's venue maps, their versions, the dates sold seat by seat and the
-- seats the events' inventory objects hold or sold (a mirror, never authoritative).

create table seat_maps (
  id integer primary key,
  producer_id integer not null references producers (id),
  name text not null,
  -- The current version (seat_map_versions); every date that uses the map follows it.
  version integer not null default 1,
  seats integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index seat_maps_producer on seat_maps (producer_id);

-- Each version's document (the JSON of docs/api.md, "Venue maps"), gzipped: a stadium's map is megabytes.
create table seat_map_versions (
  map_id integer not null references seat_maps (id) on delete cascade,
  version integer not null,
  doc blob not null,
  created_by integer references users (id),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (map_id, version)
);

-- A date sold seat by seat: the map it uses. Each of the map's categories is sold as a ticket type of the date
-- (seat_category_types); its standing sections keep counting like any ticket type.
create table event_date_seating (
  event_date_id integer primary key references event_dates (id) on delete cascade,
  event_id integer not null references events (id),
  map_id integer not null references seat_maps (id),
  -- The wheelchair reserve (wheelchair places and their companion seats): kept for the people who need them
  -- until this time (ISO 8601), then sold to anyone; null: kept until the event.
  wheelchair_release_at text
);
create index event_date_seating_map on event_date_seating (map_id);

create table seat_category_types (
  event_date_id integer not null references event_dates (id) on delete cascade,
  category text not null,
  ticket_type_id integer not null references ticket_types (id) on delete cascade,
  primary key (event_date_id, category)
);

-- Each standing section of a seated date's map: its own ticket type (counted like any other).
create table standing_section_types (
  event_date_id integer not null references event_dates (id) on delete cascade,
  section_id text not null,
  ticket_type_id integer not null references ticket_types (id) on delete cascade,
  primary key (event_date_id, section_id)
);

-- Mirror of the seats held or sold in each event's inventory object (written after its changes, and again in
-- full when the object starts): what a new map version is checked against, and what rebuilds a lost object.
create table event_seats (
  event_id integer not null,
  event_date_id integer not null,
  seat_id text not null,
  state text not null check (state in ('held', 'sold')),
  hold_id text not null,
  primary key (event_id, event_date_id, seat_id)
);
create index event_seats_date on event_seats (event_date_id);
