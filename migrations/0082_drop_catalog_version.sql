-- Two leftovers of issue 33's follow-ups (s4), dropped one release later, as 0081 and the seats' copy promised.
--
-- 1. catalog_version (0004, 0040, 0048) keyed every cached public page until 0081 replaced it with page_versions.
--    It stayed one release, bumped by every page version change, for the version still running while 0081 was
--    applied. No running version reads it now: it goes, with the two triggers that kept it moving.
drop trigger page_versions_legacy_insert;
drop trigger page_versions_legacy_update;
drop table catalog_version;

-- 2. Inventory objects made before their seats left object_state still have them there (tbl 'seats'). A restore
--    ignores those rows (the seats come back from event_seats, functions/durable-objects/inventory/seats.ts) and no
--    copy deletes them any more.
delete from object_state where kind = 'inventory' and tbl = 'seats';
