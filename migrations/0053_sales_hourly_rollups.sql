-- Issue 31: the sales dashboard at 1,000,000 orders. It summed the ledger (three entries per paid order)
-- and counted tickets per type by scanning every entry of the period: 169 ms p50 at 100,000 orders, and
-- ten times the rows at 1,000,000. These tables hold the same sums per event and UTC hour, kept by triggers
-- in the very statement that writes the ledger entry or the ticket (no writer can forget them, and they are
-- never behind). The dashboard reads a period's hours: at most 24 rows per event and day. (The ledger's
-- inserts carry no `meta.changes` check: D1 counts a trigger's writes there.)

-- Money per event and hour, from the immutable ledger (ledger_entries only grows: insert is the one change).
-- `orders`: the orders with a payment or box-office entry in that hour (an order counted once per hour).
create table ledger_hourly (
  event_id integer not null,
  hour text not null, -- substr(created_at, 1, 13): 'YYYY-MM-DDTHH', UTC
  producer_id integer not null,
  orders integer not null default 0,
  total_cents integer not null default 0,
  fees_cents integer not null default 0,
  refunds_cents integer not null default 0,
  primary key (event_id, hour)
) without rowid;
create index ledger_hourly_producer on ledger_hourly (producer_id, hour, orders, total_cents, fees_cents, refunds_cents);

insert into ledger_hourly (event_id, hour, producer_id, orders, total_cents, fees_cents, refunds_cents)
select event_id, substr(created_at, 1, 13), producer_id,
       count(distinct case when kind in ('payment', 'box_office') then order_id end),
       coalesce(sum(case when kind in ('payment', 'box_office') then amount_cents else 0 end), 0),
       coalesce(sum(case when kind = 'service_charge' then amount_cents else 0 end), 0),
       coalesce(sum(case when kind in ('refund', 'chargeback') then amount_cents else 0 end), 0)
from ledger_entries
group by event_id, substr(created_at, 1, 13), producer_id;

create trigger ledger_hourly_add after insert on ledger_entries
begin
  insert into ledger_hourly (event_id, hour, producer_id, orders, total_cents, fees_cents, refunds_cents)
  values (
    new.event_id,
    substr(new.created_at, 1, 13),
    new.producer_id,
    case
      when new.kind in ('payment', 'box_office') and not exists (
        select 1 from ledger_entries e
        where e.order_id = new.order_id and e.id <> new.id and e.kind in ('payment', 'box_office')
          and substr(e.created_at, 1, 13) = substr(new.created_at, 1, 13)
      ) then 1
      else 0
    end,
    case when new.kind in ('payment', 'box_office') then new.amount_cents else 0 end,
    case when new.kind = 'service_charge' then new.amount_cents else 0 end,
    case when new.kind in ('refund', 'chargeback') then new.amount_cents else 0 end
  )
  on conflict (event_id, hour) do update set
    orders = orders + excluded.orders,
    total_cents = total_cents + excluded.total_cents,
    fees_cents = fees_cents + excluded.fees_cents,
    refunds_cents = refunds_cents + excluded.refunds_cents;
end;

-- Tickets issued per event, type and hour (insert only). A ticket that stops standing (refunded, cancelled,
-- transferred) is not taken off here: the dashboard subtracts those live, through `tickets_date_status` (they
-- are few). Updates of tickets carry no trigger on purpose: D1 counts a trigger's writes in the statement's
-- `meta.changes`, which the state transitions of tickets check (`changes !== 1` means a lost race).
create table ticket_sales_hourly (
  event_id integer not null,
  hour text not null,
  ticket_type_id integer not null,
  tickets integer not null default 0,
  primary key (event_id, hour, ticket_type_id)
) without rowid;

insert into ticket_sales_hourly (event_id, hour, ticket_type_id, tickets)
select event_id, substr(created_at, 1, 13), ticket_type_id, count(*)
from tickets
group by event_id, substr(created_at, 1, 13), ticket_type_id;

create trigger ticket_sales_hourly_insert after insert on tickets
begin
  insert into ticket_sales_hourly (event_id, hour, ticket_type_id, tickets)
  values (new.event_id, substr(new.created_at, 1, 13), new.ticket_type_id, 1)
  on conflict (event_id, hour, ticket_type_id) do update set tickets = tickets + 1;
end;
