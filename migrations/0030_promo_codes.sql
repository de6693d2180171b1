-- Promo and access codes (issue 22). A code belongs to a producer and to one of its events, or to all of
-- them (event_id null). kind: discount, access (unlocks hidden ticket types) or both. discount_type:
-- percent (value 1..100), fixed per ticket (cents), fixed per order (cents, spread evenly over the order's
-- discounted tickets) or set price (the ticket's new price, cents). Codes are stored upper-case and looked
-- up upper-case, so they are case-insensitive. Uses are counted by the event's EventInventory object in the
-- same step that creates the hold (functions/durable-objects/promo-redemptions.ts); max_tickets is the
-- number of tickets the code may discount or unlock over all its orders.
create table promo_codes (
  id integer primary key autoincrement,
  producer_id integer not null references producers (id) on delete cascade,
  event_id integer references events (id) on delete cascade,
  code text not null check (code = upper(code) and length(code) between 3 and 32),
  kind text not null default 'discount' check (kind in ('discount', 'access', 'both')),
  discount_type text check (discount_type in ('percent', 'fixed_ticket', 'fixed_order', 'set_price')),
  value integer not null default 0 check (value >= 0),
  -- JSON arrays of ticket type ids: the types the discount applies to ('[]': every type of the event), and
  -- the hidden types the code unlocks.
  ticket_type_ids text not null default '[]',
  unlock_ticket_type_ids text not null default '[]',
  max_tickets integer check (max_tickets is null or max_tickets >= 1),
  max_per_order integer check (max_per_order is null or max_per_order >= 1),
  max_per_buyer integer check (max_per_buyer is null or max_per_buyer >= 1),
  valid_from text,
  valid_until text,
  -- The promoter (RRPP) the code belongs to, for the per-promoter report.
  owner_label text not null default '',
  -- A refunded ticket gives its use back to the code.
  release_on_refund integer not null default 0 check (release_on_refund in (0, 1)),
  archived_at text,
  created_by integer,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create unique index promo_codes_code on promo_codes (producer_id, code);
create index promo_codes_event on promo_codes (event_id);

-- The code an order used, and what it took off (order_items.unit_price_cents is the discounted price, so
-- refunds pro-rate the discount by themselves; unit_discount_cents is what was taken off each ticket).
alter table orders add column promo_code_id integer references promo_codes (id);
alter table orders add column promo_code text;
alter table orders add column discount_cents integer not null default 0;
alter table order_items add column unit_discount_cents integer not null default 0;
create index orders_promo on orders (promo_code_id, status);

-- A code is part of the event's sale configuration: the inventory object reads codes through its cached
-- configuration, and an order is written only while that configuration's version is current, so a change
-- to a code (archived, limit lowered) bumps the version of every event it covers.
create trigger sale_promo_insert after insert on promo_codes begin
  insert into sale_versions (event_id, v)
    select id, 0 from events
    where (id = new.event_id or (new.event_id is null and producer_id = new.producer_id))
      and not exists (select 1 from sale_versions s where s.event_id = events.id);
  update sale_versions set v = v + 1
    where event_id in (select id from events where id = new.event_id
                       or (new.event_id is null and producer_id = new.producer_id));
end;
create trigger sale_promo_update after update on promo_codes begin
  update sale_versions set v = v + 1
    where event_id in (select id from events where id in (old.event_id, new.event_id)
                       or ((old.event_id is null or new.event_id is null) and producer_id = new.producer_id));
end;
