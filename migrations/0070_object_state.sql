-- What Durable Objects keep in their own SQLite, mirrored row by row (issue 35): the inventory's stock, holds,
-- waiting list, offers, resale listings, code uses, returned tickets and invitation grants; the queue's entries,
-- numbers and committed seed. Each object copies the rows it changed here within a D1 round trip of the change
-- (functions/durable-objects/state-mirror.ts) and, finding its storage empty, puts them back before it answers
-- anything. The objects stay the authority: nothing else writes or decides from these rows.
--   object  the object's id (DurableObjectId.toString(): the same for the same name in the same namespace)
--   kind    'inventory' or 'queue' (for people reading it)
--   tbl/pk  the object's table and the row's key there; data is the row as JSON
create table object_state (
  object text not null,
  kind text not null,
  tbl text not null,
  pk text not null,
  data text not null,
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (object, tbl, pk)
) without rowid;
create index object_state_kind on object_state (kind, object);
