-- Producers, venues, events, their dates ("funciones") and ticket types. Money is integer cents (ARS).
create table producers (
  id integer primary key,
  name text not null,
  slug text not null unique,
  logo_key text,
  description text not null default '',
  contact_email text,
  contact_phone text,
  instagram text,
  facebook text,
  website text,
  city text,
  provinces_id integer references provincias (id),
  -- Service charge overrides (null: the platform's default from configuration).
  fee_percent_bp integer,
  fee_fixed_cents integer,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Members of a producer. A user's `rol` is the highest of their memberships (or USER/SUPERADMIN).
create table producer_members (
  producer_id integer not null references producers (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  role text not null check (role in ('ADMIN', 'COLABORATORS')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (producer_id, user_id)
);
create index producer_members_user on producer_members (user_id);

create table venues (
  id integer primary key,
  producer_id integer references producers (id),
  name text not null,
  address text not null,
  city text not null,
  provinces_id integer not null references provincias (id),
  lat real,
  lng real
);

create table events (
  id integer primary key,
  producer_id integer not null references producers (id),
  venue_id integer references venues (id),
  title text not null,
  slug text not null unique,
  description text not null default '',
  category text not null check (category in ('Música', 'Teatro', 'Stand-up', 'Fiestas', 'Deportes', 'Festivales', 'Infantiles', 'Otros')),
  cover_key text,
  flyer_key text,
  status text not null default 'borrador' check (status in ('borrador', 'en_revision', 'publicado', 'cancelado', 'finalizado')),
  rejection_reason text,
  -- Set when a superadmin first approves the event; an approved event may be re-published by its producer
  -- without a new review.
  approved_at text,
  min_age integer,
  featured integer not null default 0,
  hold_minutes integer not null default 10,
  -- Denormalised for listing and filtering: first start among the event's dates, and the venue's province.
  starts_at text,
  -- Last start among the event's dates: the event is "upcoming" while this is in the future.
  last_starts_at text,
  provinces_id integer references provincias (id),
  created_by integer references users (id),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index events_listing on events (status, starts_at);
create index events_producer on events (producer_id);
create index events_province on events (provinces_id, starts_at);

-- A date of an event (the spec's sub-event). Times are ISO 8601 with offset (America/Argentina/Buenos_Aires, -03:00).
create table event_dates (
  id integer primary key,
  event_id integer not null references events (id) on delete cascade,
  starts_at text not null,
  ends_at text,
  doors_at text
);
create index event_dates_event on event_dates (event_id, starts_at);

create table ticket_types (
  id integer primary key,
  event_date_id integer not null references event_dates (id) on delete cascade,
  name text not null,
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  capacity integer not null check (capacity >= 0),
  sale_starts_at text,
  sale_ends_at text,
  min_per_order integer not null default 1 check (min_per_order >= 1),
  max_per_order integer not null default 10 check (max_per_order >= min_per_order),
  hidden integer not null default 0,
  named integer not null default 0,
  sort integer not null default 0,
  -- Mirror of the inventory owned by the event's Durable Object, for listings (never authoritative).
  sold integer not null default 0,
  held integer not null default 0
);
create index ticket_types_date on ticket_types (event_date_id, sort);

-- Content version of the public catalogue. Every write that can change a public page (an event, a date, a
-- ticket type's price or the availability mirror, a producer, a venue) bumps it through the triggers below, so
-- the pages' ETag changes and no visitor is served a stale price or availability.
create table catalog_version (
  id integer primary key check (id = 1),
  v integer not null
);
insert into catalog_version (id, v) values (1, 1);
create trigger catalog_producers_insert after insert on producers begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_producers_update after update on producers begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_producers_delete after delete on producers begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_venues_insert after insert on venues begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_venues_update after update on venues begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_venues_delete after delete on venues begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_events_insert after insert on events begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_events_update after update on events begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_events_delete after delete on events begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_event_dates_insert after insert on event_dates begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_event_dates_update after update on event_dates begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_event_dates_delete after delete on event_dates begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_ticket_types_insert after insert on ticket_types begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_ticket_types_update after update on ticket_types begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_ticket_types_delete after delete on ticket_types begin update catalog_version set v = v + 1 where id = 1; end;
