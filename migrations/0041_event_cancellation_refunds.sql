-- Issue 20: cancelling an event refunds its buyers. The cancel request records the intent here and starts
-- the work; the cron job resumes it until every order is refunded (services/events/cancellation.ts).
-- One row per cancelled event (the primary key makes a second cancellation of the same event fail).
create table event_cancellations (
  event_id integer primary key references events (id),
  reason text not null default '',
  created_by integer,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at text
);

-- One row per paid order of the cancelled event: its refund's progress. The refund itself is a row of
-- `refunds` (services/refunds/refund.ts) keyed `cancel:<order_id>` (`cancel:<order_id>:<attempt>` after a
-- retry of a refusal), so a retry or a concurrent manual refund never gives the money back twice.
create table cancellation_refunds (
  order_id text primary key references orders (id),
  event_id integer not null references event_cancellations (event_id),
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  -- refunded: by the cancellation; already: the order was refunded (or charged back) by other means.
  outcome text check (outcome in ('refunded', 'already')),
  attempt integer not null default 0,
  refund_id text,
  method text,
  amount_cents integer not null default 0,
  last_error text,
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index cancellation_refunds_event on cancellation_refunds (event_id, status);
