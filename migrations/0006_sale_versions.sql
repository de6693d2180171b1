-- Version of each event's sale configuration: what a hold needs (status, hold time, producer and its service
-- charge, the platform's default charge, ticket types' names, prices, capacity, per-order limits and sale
-- windows). The event's EventInventory object keeps a copy of that configuration so a hold does not read D1;
-- every order it opens is written only if this version still equals the one the copy was loaded at, so a
-- change the object was not told about can never sell at a stale price or capacity.
-- Only configuration columns bump it: the availability mirror (ticket_types.sold/held) does not.
create table sale_versions (
  event_id integer primary key,
  v integer not null
);
insert into sale_versions (event_id, v) select id, 1 from events;

create trigger sale_events_insert after insert on events begin
  insert or ignore into sale_versions (event_id, v) values (new.id, 0);
  update sale_versions set v = v + 1 where event_id = new.id;
end;
create trigger sale_events_update after update of status, hold_minutes, producer_id on events begin
  insert or ignore into sale_versions (event_id, v) values (new.id, 0);
  update sale_versions set v = v + 1 where event_id in (old.id, new.id);
end;
create trigger sale_events_delete after delete on events begin
  update sale_versions set v = v + 1 where event_id = old.id;
end;

create trigger sale_dates_insert after insert on event_dates begin
  insert or ignore into sale_versions (event_id, v) values (new.event_id, 0);
  update sale_versions set v = v + 1 where event_id = new.event_id;
end;
create trigger sale_dates_update after update of event_id on event_dates begin
  insert or ignore into sale_versions (event_id, v) values (new.event_id, 0);
  update sale_versions set v = v + 1 where event_id in (old.event_id, new.event_id);
end;
create trigger sale_dates_delete after delete on event_dates begin
  update sale_versions set v = v + 1 where event_id = old.event_id;
end;

create trigger sale_types_insert after insert on ticket_types begin
  insert or ignore into sale_versions (event_id, v)
    select event_id, 0 from event_dates where id = new.event_date_id;
  update sale_versions set v = v + 1
    where event_id in (select event_id from event_dates where id = new.event_date_id);
end;
create trigger sale_types_update after update of name, price_cents, capacity, min_per_order, max_per_order,
  sale_starts_at, sale_ends_at, event_date_id on ticket_types begin
  insert or ignore into sale_versions (event_id, v)
    select event_id, 0 from event_dates where id in (old.event_date_id, new.event_date_id);
  update sale_versions set v = v + 1
    where event_id in (select event_id from event_dates where id in (old.event_date_id, new.event_date_id));
end;
create trigger sale_types_delete after delete on ticket_types begin
  update sale_versions set v = v + 1
    where event_id in (select event_id from event_dates where id = old.event_date_id);
end;

create trigger sale_producers_fee after update of fee_percent_bp, fee_fixed_cents on producers begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events where producer_id = new.id;
  update sale_versions set v = v + 1 where event_id in (select id from events where producer_id = new.id);
end;

create trigger sale_platform_insert after insert on platform_config begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events;
  update sale_versions set v = v + 1;
end;
create trigger sale_platform_update after update on platform_config begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events;
  update sale_versions set v = v + 1;
end;
create trigger sale_platform_delete after delete on platform_config begin
  insert or ignore into sale_versions (event_id, v) select id, 0 from events;
  update sale_versions set v = v + 1;
end;
