-- Events whose inventory object has waiting-list work not delivered yet (an offer's order and e-mail, or the
-- e-mail of an offer that ran out), so the cron job wakes only those objects (services/waitlist/outbox.ts).
-- Marked by the object when it starts a delivery and cleared when both of its outboxes are empty; a
-- delivery that failed or was interrupted (a crash) leaves the mark, and the next cron run drains it.
create table inventory_outbox (
  event_id integer primary key references events (id),
  marked_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
