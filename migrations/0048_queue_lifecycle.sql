-- One queue for one on-sale (issue 29) and a queue that can be closed back to the normal sale and reopened
-- (issue 32, item 3).
-- mode: 'queue' while holds need a queue pass; 'normal' after "Cerrar la fila y volver a la venta normal" (the
-- inventory's sale configuration then has no queue: the event page shows its ticket selector again).
-- waitlist_open: the producer opened the waiting list while the queue runs (otherwise it opens when the queue
-- closes). The event's EventInventory object keeps the authoritative copy of both (its queue gate); these
-- columns are what the pages read.
alter table event_queues add column mode text not null default 'queue' check (mode in ('queue', 'normal'));
alter table event_queues add column waitlist_open integer not null default 0 check (waitlist_open in (0, 1));

-- The inventory reads the queue with its sale configuration: a change of mode is a new sale version.
create trigger sale_queues_mode after update of mode on event_queues begin
  insert into sale_versions (event_id, v)
    select new.event_id, 0 where not exists (select 1 from sale_versions where event_id = new.event_id);
  update sale_versions set v = v + 1 where event_id = new.event_id;
end;

-- The event page shows the queue (its box, the ticket selector after closing back to the normal sale, the waiting
-- list): every change of the row is a new catalogue version, so no cached page shows an old one.
create trigger catalog_event_queues_insert after insert on event_queues begin
  update catalog_version set v = v + 1 where id = 1;
end;
create trigger catalog_event_queues_update after update on event_queues begin
  update catalog_version set v = v + 1 where id = 1;
end;
create trigger catalog_event_queues_delete after delete on event_queues begin
  update catalog_version set v = v + 1 where id = 1;
end;

-- E-mails to the people a removed queue dropped (a retried job, like the waiting list's): one per account and
-- removal, tried at once, retried by the cron job after 1, 5, 15, 60 and 180 minutes, then 'failed'.
create table queue_mails (
  id text primary key,
  event_id integer not null references events (id) on delete cascade,
  user_id integer not null,
  kind text not null check (kind in ('removed')),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  mail_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index queue_mails_due on queue_mails (status, mail_at);
