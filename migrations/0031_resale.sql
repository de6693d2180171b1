-- Face-value resale through the waiting list ("Devolver a la lista de espera", issue 22). A holder returns a
-- paid ticket; it stays theirs and valid until a waiting-list buyer pays for it, then it is refunded through
-- the refund machinery (services/refunds/refund.ts, idempotency key `resale:<ticket id>`) minus what the
-- producer keeps. The listing's live state (listed, offered, sold, withdrawn) is kept by the event's
-- EventInventory object (functions/durable-objects/resale.ts); this row is the record the pages read.
create table ticket_resales (
  ticket_id text primary key references tickets (id),
  order_id text not null references orders (id),
  event_id integer not null references events (id),
  user_id integer not null references users (id),
  deadline text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- What the producer keeps of a resold ticket's price (basis points of what the seller paid; 0 by default).
alter table producer_settings add column resale_keep_bp integer not null default 0
  check (resale_keep_bp between 0 and 10000);
