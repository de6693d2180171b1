-- "Venta con fila": an event whose on-sale goes through a virtual queue (one EventQueue Durable Object per
-- queued on-sale). The inventory object keeps this row in its copy of the sale configuration and refuses
-- holds without a valid queue pass while it exists, so the triggers bump the event's sale version.
create table event_queues (
  event_id integer primary key references events (id) on delete cascade,
  -- Null: the whole event's on-sale is queued. Else only this date's ticket types need a queue pass.
  event_date_id integer references event_dates (id) on delete cascade,
  -- The opening: the pre-queue is shuffled then and admission starts (ISO 8601, UTC).
  opens_at text not null,
  -- The pre-queue opens this many minutes before the opening.
  prequeue_minutes integer not null default 30 check (prequeue_minutes between 1 and 1440),
  -- Optional: at most this many tickets per DNI (one place per DNI, so per buyer) in this on-sale.
  dni_cap integer check (dni_cap is null or dni_cap between 1 and 50),
  -- Admission: people let in per minute, and optionally only while the live holds are below this limit.
  rate_per_minute integer not null default 60 check (rate_per_minute between 1 and 100000),
  hold_limit integer check (hold_limit is null or hold_limit >= 1),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- No "insert or ignore" here: inside an upsert on event_queues the outer statement's conflict policy would
-- override the trigger's.
create trigger sale_queues_insert after insert on event_queues begin
  insert into sale_versions (event_id, v)
    select new.event_id, 0 where not exists (select 1 from sale_versions where event_id = new.event_id);
  update sale_versions set v = v + 1 where event_id = new.event_id;
end;
create trigger sale_queues_update after update of opens_at, dni_cap, event_date_id on event_queues begin
  insert into sale_versions (event_id, v)
    select new.event_id, 0 where not exists (select 1 from sale_versions where event_id = new.event_id);
  update sale_versions set v = v + 1 where event_id in (old.event_id, new.event_id);
end;
create trigger sale_queues_delete after delete on event_queues begin
  update sale_versions set v = v + 1 where event_id = old.event_id;
end;
