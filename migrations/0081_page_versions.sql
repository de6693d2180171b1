-- Issue 33 follow-up (s4): the public pages' edge cache keyed per page, and the kept wheelchair reserve.
--
-- 1. page_versions replaces the one global catalog_version (0004, 0040, 0048) as the key of the cached public
--    pages (src/features/events/server/public-cache.ts). One row per scope:
--      'catalog'         the listings (home, /eventos, productoras): any event, date, price, producer or venue
--                        change, and an event's "Agotado" flipping;
--      'event:<id>'      one event's page: its own rows, its dates, its types (price, window, limits) and a
--                        change of what the page shows from its stock (see the stock triggers below);
--      'producer:<id>'   'venue:<id>'  'fees'   what an event page shows from outside its own rows.
--    An event page's key is its event, producer, venue and fees versions together (catalog.ts `pageVersion`).
--    A hold, an expiry or a sale of one event no longer touches another event's key nor, unless its sold-out state
--    flips, the listings' one; and the stock writes of the inventory mirror no longer update one hot row each.
-- 2. ticket_types.reserve_free: the free seats of a seated type's kept wheelchair reserve, copied by the inventory
--    object with sold/held (never authoritative). Until event_date_seating.wheelchair_release_at they are not on
--    sale to the public: the public availability subtracts them (src/shared/availability.ts).
-- The triggers insert a missing row with a plain `insert ... where not exists`, never `insert or ignore`: inside a
-- statement with its own conflict policy (an upsert, `insert or replace`) the outer policy would override the
-- trigger's (see 0028), and a row replaced back to 0 would reuse an old version, whose cached page is stale.
create table page_versions (
  scope text not null primary key,
  v integer not null
);
insert into page_versions (scope, v) select 'catalog', v from catalog_version where id = 1;
insert into page_versions (scope, v) values ('fees', 1);
-- 'catalog' and 'fees' are there from now on (never deleted); the others are made by their first change.

alter table ticket_types add column reserve_free integer not null default 0 check (reserve_free >= 0);

-- The global version's triggers go: page_versions and the triggers below replace them.
drop trigger catalog_producers_insert;
drop trigger catalog_producers_update;
drop trigger catalog_producers_delete;
drop trigger catalog_venues_insert;
drop trigger catalog_venues_update;
drop trigger catalog_venues_delete;
drop trigger catalog_events_insert;
drop trigger catalog_events_update;
drop trigger catalog_events_delete;
drop trigger catalog_event_dates_insert;
drop trigger catalog_event_dates_update;
drop trigger catalog_event_dates_delete;
drop trigger catalog_ticket_types_insert;
drop trigger catalog_ticket_types_update;
drop trigger catalog_ticket_types_delete;
drop trigger catalog_event_queues_insert;
drop trigger catalog_event_queues_update;
drop trigger catalog_event_queues_delete;
drop trigger catalog_platform_config_insert;
drop trigger catalog_platform_config_update;
-- catalog_version itself stays for one release: the version still running while this migration is applied (before
-- the deploy) keys its pages by it, so every page version change still bumps it (only those, not every stock write).
-- Drop it and these two triggers in a later migration, once no running version reads it.
create trigger page_versions_legacy_insert after insert on page_versions begin
  update catalog_version set v = v + 1 where id = 1;
end;
create trigger page_versions_legacy_update after update on page_versions begin
  update catalog_version set v = v + 1 where id = 1;
end;

-- A producer or venue: the listings, and every event page that shows it (its scope is in their key).
create trigger page_producers_insert after insert on producers begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'producer:' || new.id, 0
    where 'producer:' || new.id is not null and not exists (select 1 from page_versions where scope = 'producer:' || new.id);
  update page_versions set v = v + 1 where scope = 'producer:' || new.id;
end;

create trigger page_producers_update after update on producers begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'producer:' || new.id, 0
    where 'producer:' || new.id is not null and not exists (select 1 from page_versions where scope = 'producer:' || new.id);
  update page_versions set v = v + 1 where scope = 'producer:' || new.id;
end;

create trigger page_producers_delete after delete on producers begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'producer:' || old.id, 0
    where 'producer:' || old.id is not null and not exists (select 1 from page_versions where scope = 'producer:' || old.id);
  update page_versions set v = v + 1 where scope = 'producer:' || old.id;
end;

create trigger page_venues_insert after insert on venues begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'venue:' || new.id, 0
    where 'venue:' || new.id is not null and not exists (select 1 from page_versions where scope = 'venue:' || new.id);
  update page_versions set v = v + 1 where scope = 'venue:' || new.id;
end;

create trigger page_venues_update after update on venues begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'venue:' || new.id, 0
    where 'venue:' || new.id is not null and not exists (select 1 from page_versions where scope = 'venue:' || new.id);
  update page_versions set v = v + 1 where scope = 'venue:' || new.id;
end;

create trigger page_venues_delete after delete on venues begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'venue:' || old.id, 0
    where 'venue:' || old.id is not null and not exists (select 1 from page_versions where scope = 'venue:' || old.id);
  update page_versions set v = v + 1 where scope = 'venue:' || old.id;
end;

-- An event: the listings and its page (an update may also move it to another producer or venue: both keys change).
create trigger page_events_insert after insert on events begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || new.id, 0
    where 'event:' || new.id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.id);
  update page_versions set v = v + 1 where scope = 'event:' || new.id;
end;

create trigger page_events_update after update on events begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || new.id, 0
    where 'event:' || new.id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.id);
  update page_versions set v = v + 1 where scope = 'event:' || new.id;
end;

create trigger page_events_delete after delete on events begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || old.id, 0
    where 'event:' || old.id is not null and not exists (select 1 from page_versions where scope = 'event:' || old.id);
  update page_versions set v = v + 1 where scope = 'event:' || old.id;
end;

-- A date: the listings (next date, date filters) and its event's page.
create trigger page_event_dates_insert after insert on event_dates begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_dates_update after update on event_dates begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_dates_delete after delete on event_dates begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || old.event_id, 0
    where 'event:' || old.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || old.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || old.event_id;
end;

-- A ticket type created, removed or edited (every column but the inventory mirror's: `update of` fires on a
-- statement that sets any of them, changed or not). A column added to ticket_types later must be listed here.
create trigger page_ticket_types_insert after insert on ticket_types begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

create trigger page_ticket_types_delete after delete on ticket_types begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = old.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = old.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id);
end;

create trigger page_ticket_types_update after update of event_date_id, name, description, price_cents, capacity, sale_starts_at, sale_ends_at, min_per_order, max_per_order, hidden, named, sort
  on ticket_types begin
  update page_versions set v = v + 1 where scope = 'catalog';
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = old.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = old.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id);
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

-- The inventory mirror's writes (sold, held, reserve_free: functions/durable-objects/inventory/object.ts). What an
-- event page shows from a type's stock is its state, never a raw count: "Disponible", "Últimas entradas" (10 % or
-- less, at least 5, src/shared/availability.ts) or "Agotado", and how many the selector lets one order add
-- (min(max_per_order, left): it only changes in the last few tickets). Its page's version changes only when one of
-- those does, counted with and without the kept reserve (the read side decides by the release time, which the
-- trigger cannot see). A seated date's page shows each section's count ("Quedan 12 de 300", drawn from the same
-- mirror): a seated or standing-section type's every stock change re-versions its own event's page, no other.
create trigger page_ticket_types_stock after update of sold, held, reserve_free on ticket_types when
    exists (select 1 from seat_category_types where ticket_type_id = new.id)
    or exists (select 1 from standing_section_types where ticket_type_id = new.id)
    or (new.hidden = 0 and (
      (case when max(0, old.capacity - old.sold - old.held) = 0 then 0 when max(0, old.capacity - old.sold - old.held) <= max(5, (old.capacity + 9) / 10) then 1 else 2 end) <> (case when max(0, new.capacity - new.sold - new.held) = 0 then 0 when max(0, new.capacity - new.sold - new.held) <= max(5, (new.capacity + 9) / 10) then 1 else 2 end)
      or min(new.max_per_order, max(0, old.capacity - old.sold - old.held)) <> min(new.max_per_order, max(0, new.capacity - new.sold - new.held))
      or (case when max(0, old.capacity - old.sold - old.held - old.reserve_free) = 0 then 0 when max(0, old.capacity - old.sold - old.held - old.reserve_free) <= max(5, (old.capacity + 9) / 10) then 1 else 2 end) <> (case when max(0, new.capacity - new.sold - new.held - new.reserve_free) = 0 then 0 when max(0, new.capacity - new.sold - new.held - new.reserve_free) <= max(5, (new.capacity + 9) / 10) then 1 else 2 end)
      or min(new.max_per_order, max(0, old.capacity - old.sold - old.held - old.reserve_free)) <> min(new.max_per_order, max(0, new.capacity - new.sold - new.held - new.reserve_free)))) begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

-- The listings show an event's "Agotado" (nothing left in any public type): only a type reaching or leaving 0 can flip it.
create trigger page_ticket_types_sold_out after update of sold, held, reserve_free on ticket_types when new.hidden = 0 and (
    (max(0, old.capacity - old.sold - old.held) = 0) <> (max(0, new.capacity - new.sold - new.held) = 0)
    or (max(0, old.capacity - old.sold - old.held - old.reserve_free) = 0) <> (max(0, new.capacity - new.sold - new.held - new.reserve_free) = 0)) begin
  update page_versions set v = v + 1 where scope = 'catalog';
end;

-- Issue 20: the event pages show each ticket's total with the platform's default service charge.
create trigger page_platform_config_insert after insert on platform_config when new.key like 'service_fee_%' begin
  update page_versions set v = v + 1 where scope = 'catalog';
  update page_versions set v = v + 1 where scope = 'fees';
end;

create trigger page_platform_config_update after update on platform_config when new.key like 'service_fee_%' begin
  update page_versions set v = v + 1 where scope = 'catalog';
  update page_versions set v = v + 1 where scope = 'fees';
end;

-- The event page shows the queue (its box, the selector after closing back to the normal sale, the waiting list).
create trigger page_event_queues_insert after insert on event_queues begin
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_queues_update after update on event_queues begin
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_queues_delete after delete on event_queues begin
  insert into page_versions (scope, v) select 'event:' || old.event_id, 0
    where 'event:' || old.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || old.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || old.event_id;
end;

-- A seated date's page draws its map's outline and prices (seated-dates.ts): its seating rows, and a new version of its map.
create trigger page_event_date_seating_insert after insert on event_date_seating begin
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_date_seating_update after update on event_date_seating begin
  insert into page_versions (scope, v) select 'event:' || new.event_id, 0
    where 'event:' || new.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || new.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || new.event_id;
end;

create trigger page_event_date_seating_delete after delete on event_date_seating begin
  insert into page_versions (scope, v) select 'event:' || old.event_id, 0
    where 'event:' || old.event_id is not null and not exists (select 1 from page_versions where scope = 'event:' || old.event_id);
  update page_versions set v = v + 1 where scope = 'event:' || old.event_id;
end;

create trigger page_seat_category_types_insert after insert on seat_category_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

create trigger page_seat_category_types_update after update on seat_category_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

create trigger page_seat_category_types_delete after delete on seat_category_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = old.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = old.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id);
end;

create trigger page_standing_section_types_insert after insert on standing_section_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

create trigger page_standing_section_types_update after update on standing_section_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = new.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = new.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = new.event_date_id);
end;

create trigger page_standing_section_types_delete after delete on standing_section_types begin
  insert into page_versions (scope, v) select 'event:' || (select event_id from event_dates where id = old.event_date_id), 0
    where 'event:' || (select event_id from event_dates where id = old.event_date_id) is not null and not exists (select 1 from page_versions where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id));
  update page_versions set v = v + 1 where scope = 'event:' || (select event_id from event_dates where id = old.event_date_id);
end;

create trigger page_seat_maps_update after update of version on seat_maps begin
  insert into page_versions (scope, v)
    select distinct 'event:' || event_id, 0 from event_date_seating
     where map_id = new.id and 'event:' || event_id not in (select scope from page_versions);
  update page_versions set v = v + 1
    where scope in (select 'event:' || event_id from event_date_seating where map_id = new.id);
end;
