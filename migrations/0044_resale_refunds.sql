-- Face-value resale (issue 22): the seller's refund, tracked here from the moment the waiting buyer's payment
-- is recorded. The resold ticket is cancelled (and revoked) in the same batch that marks the buyer's order
-- paid, whatever happens to the seller's money afterwards; the refund itself is a row of `refunds`
-- (services/refunds/refund.ts) keyed `resale:<ticket id>` (`resale:<ticket id>:<attempt>` after a retry of a
-- refusal), driven by services/resale/resale.ts and the cron job while pending.
create table resale_refunds (
  ticket_id text primary key references tickets (id),
  -- The seller's order (the one refunded) and the waiting buyer's paid order (the one that bought it).
  order_id text not null references orders (id),
  event_id integer not null references events (id),
  buyer_order_id text not null references orders (id),
  -- What the producer keeps of the ticket's price (its policy when the ticket was resold).
  keep_cents integer not null default 0 check (keep_cents >= 0),
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  -- refunded: by this resale; already: the ticket's money was given back by other means (the producer).
  outcome text check (outcome in ('refunded', 'already')),
  attempt integer not null default 0,
  refund_id text,
  amount_cents integer not null default 0,
  last_error text,
  -- 1 once the door's check-in object was told and the ticket's place went back to the inventory object.
  ticket_closed integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index resale_refunds_status on resale_refunds (status, event_id);
create index resale_refunds_event on resale_refunds (event_id, status);

-- A refund claims valid tickets (or used ones with the override) and, for a resale's refund only, the resold
-- ticket it cancelled (status cancelled, no refund yet, its resale refund pending).
drop trigger refund_tickets_claim;
create trigger refund_tickets_claim before insert on refund_tickets
when not exists (
  select 1 from tickets k join refunds r on r.id = new.refund_id
  where k.id = new.ticket_id and k.order_id = r.order_id and k.refund_id is null
    and (k.status = 'valid' or (k.status = 'used' and r.allow_used = 1)
      or (k.status = 'cancelled' and r.idempotency_key like 'resale:%'
        and exists (select 1 from resale_refunds s where s.ticket_id = k.id and s.status = 'pending')))
)
begin
  select raise(abort, 'refund_ticket_not_refundable');
end;
