-- Reserved seating (issue 33): an order's seats per ticket type, and each ticket's seat.
-- order_items.seats: JSON [{ "id": "platea-F-12", "name": "Platea, fila F, butaca 12" }], one per ticket, in order.
alter table order_items add column seats text;
alter table tickets add column seat_id text;
alter table tickets add column seat_label text;
