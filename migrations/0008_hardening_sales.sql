-- Hardening of the sale (issue 13).

-- The purchase e-mail is sent after the tickets are issued and retried by the cron job when it fails:
--   pending  to be sent (tickets_mail_at: not before this time)
--   sending  claimed by a sender at tickets_mail_at (a claim older than 5 minutes is taken over)
--   sent     delivered to the mail provider
--   failed   gave up after 6 attempts (visible to operations; the tickets are in /mis-tickets anyway)
-- Orders paid before this migration have null: their e-mail was handled by the old path.
alter table orders add column tickets_mail_status text
  check (tickets_mail_status in ('pending', 'sending', 'sent', 'failed'));
alter table orders add column tickets_mail_attempts integer not null default 0;
alter table orders add column tickets_mail_at text;
create index orders_tickets_mail on orders (tickets_mail_status, tickets_mail_at);

-- Hiding or showing a ticket type changes what the public may buy: it is part of the sale configuration.
drop trigger sale_types_update;
create trigger sale_types_update after update of name, price_cents, capacity, min_per_order, max_per_order,
  sale_starts_at, sale_ends_at, event_date_id, hidden on ticket_types begin
  insert or ignore into sale_versions (event_id, v)
    select event_id, 0 from event_dates where id in (old.event_date_id, new.event_date_id);
  update sale_versions set v = v + 1
    where event_id in (select event_id from event_dates where id in (old.event_date_id, new.event_date_id));
end;
