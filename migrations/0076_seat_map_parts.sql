-- Venue map documents in parts (issue 33). A stadium's gzipped map is hundreds of kilobytes, and
-- `wrangler d1 export` writes a blob as one hex literal in one INSERT: D1 refuses statements over 100 KB, so such
-- a backup could not be restored. Each version's document is now kept in parts of at most 32 KB, in order;
-- seat_map_versions.doc stays for its row (empty).
create table seat_map_parts (
  map_id integer not null,
  version integer not null,
  n integer not null,
  part blob not null,
  primary key (map_id, version, n)
);

insert into seat_map_parts (map_id, version, n, part)
with recursive parts (map_id, version, n, doc) as (
  select map_id, version, 0, doc from seat_map_versions where length(doc) > 0
  union all
  select map_id, version, n + 1, doc from parts where (n + 1) * 32768 < length(doc)
)
select map_id, version, n, substr(doc, n * 32768 + 1, 32768) from parts;

update seat_map_versions set doc = X'';
