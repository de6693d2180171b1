-- Search of the catalogue, the back office and the producers' directory (issue 13). The LIKE patterns were
-- the user's whole text: over D1's 50-byte pattern limit they answered 500, and '%' or '_' in it acted as
-- wildcards. Now each word of the text is its own bounded, escaped pattern (services/events/search.ts), matched
-- against the folded text kept below: lowercase and without accents, so "cordoba" finds "Córdoba".
--
-- Plain tables rather than FTS5: `wrangler d1 export` refuses a database that has any FTS5 table, and the
-- nightly export is our off-site backup (docs/operations.md). The folding lives in the two views only.

create view events_search_source as
  select e.id as event_id,
         replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(e.title || ' ' || p.name || ' ' || coalesce(v.name, '') || ' ' || coalesce(v.city, '') || ' ' || e.category), 'á', 'a'), 'Á', 'a'), 'à', 'a'), 'À', 'a'), 'â', 'a'), 'Â', 'a'), 'ä', 'a'), 'Ä', 'a'), 'ã', 'a'), 'Ã', 'a'), 'å', 'a'), 'Å', 'a'), 'é', 'e'), 'É', 'e'), 'è', 'e'), 'È', 'e'), 'ê', 'e'), 'Ê', 'e'), 'ë', 'e'), 'Ë', 'e'), 'í', 'i'), 'Í', 'i'), 'ì', 'i'), 'Ì', 'i'), 'î', 'i'), 'Î', 'i'), 'ï', 'i'), 'Ï', 'i'), 'ó', 'o'), 'Ó', 'o'), 'ò', 'o'), 'Ò', 'o'), 'ô', 'o'), 'Ô', 'o'), 'ö', 'o'), 'Ö', 'o'), 'õ', 'o'), 'Õ', 'o'), 'ú', 'u'), 'Ú', 'u'), 'ù', 'u'), 'Ù', 'u'), 'û', 'u'), 'Û', 'u'), 'ü', 'u'), 'Ü', 'u'), 'ñ', 'n'), 'Ñ', 'n'), 'ç', 'c'), 'Ç', 'c'), 'ý', 'y'), 'Ý', 'y'), 'ÿ', 'y'), 'Ÿ', 'y') as text,
         replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(e.title || ' ' || p.name), 'á', 'a'), 'Á', 'a'), 'à', 'a'), 'À', 'a'), 'â', 'a'), 'Â', 'a'), 'ä', 'a'), 'Ä', 'a'), 'ã', 'a'), 'Ã', 'a'), 'å', 'a'), 'Å', 'a'), 'é', 'e'), 'É', 'e'), 'è', 'e'), 'È', 'e'), 'ê', 'e'), 'Ê', 'e'), 'ë', 'e'), 'Ë', 'e'), 'í', 'i'), 'Í', 'i'), 'ì', 'i'), 'Ì', 'i'), 'î', 'i'), 'Î', 'i'), 'ï', 'i'), 'Ï', 'i'), 'ó', 'o'), 'Ó', 'o'), 'ò', 'o'), 'Ò', 'o'), 'ô', 'o'), 'Ô', 'o'), 'ö', 'o'), 'Ö', 'o'), 'õ', 'o'), 'Õ', 'o'), 'ú', 'u'), 'Ú', 'u'), 'ù', 'u'), 'Ù', 'u'), 'û', 'u'), 'Û', 'u'), 'ü', 'u'), 'Ü', 'u'), 'ñ', 'n'), 'Ñ', 'n'), 'ç', 'c'), 'Ç', 'c'), 'ý', 'y'), 'Ý', 'y'), 'ÿ', 'y'), 'Ÿ', 'y') as admin_text
    from events e join producers p on p.id = e.producer_id left join venues v on v.id = e.venue_id;

create view producers_search_source as
  select p.id as producer_id,
         replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(p.name || ' ' || coalesce(p.city, '') || ' ' || coalesce(pr.name, '')), 'á', 'a'), 'Á', 'a'), 'à', 'a'), 'À', 'a'), 'â', 'a'), 'Â', 'a'), 'ä', 'a'), 'Ä', 'a'), 'ã', 'a'), 'Ã', 'a'), 'å', 'a'), 'Å', 'a'), 'é', 'e'), 'É', 'e'), 'è', 'e'), 'È', 'e'), 'ê', 'e'), 'Ê', 'e'), 'ë', 'e'), 'Ë', 'e'), 'í', 'i'), 'Í', 'i'), 'ì', 'i'), 'Ì', 'i'), 'î', 'i'), 'Î', 'i'), 'ï', 'i'), 'Ï', 'i'), 'ó', 'o'), 'Ó', 'o'), 'ò', 'o'), 'Ò', 'o'), 'ô', 'o'), 'Ô', 'o'), 'ö', 'o'), 'Ö', 'o'), 'õ', 'o'), 'Õ', 'o'), 'ú', 'u'), 'Ú', 'u'), 'ù', 'u'), 'Ù', 'u'), 'û', 'u'), 'Û', 'u'), 'ü', 'u'), 'Ü', 'u'), 'ñ', 'n'), 'Ñ', 'n'), 'ç', 'c'), 'Ç', 'c'), 'ý', 'y'), 'Ý', 'y'), 'ÿ', 'y'), 'Ÿ', 'y') as text
    from producers p left join provincias pr on pr.id = p.provinces_id;

-- text: title, producer, venue, city and category (the catalogue); admin_text: title and producer.
create table events_search (
  event_id integer primary key,
  text text not null,
  admin_text text not null
);
insert into events_search select * from events_search_source;

create table producers_search (
  producer_id integer primary key,
  text text not null
);
insert into producers_search select * from producers_search_source;

create trigger events_search_insert after insert on events begin
  insert or replace into events_search select * from events_search_source where event_id = new.id;
end;
create trigger events_search_update after update of title, category, producer_id, venue_id on events begin
  insert or replace into events_search select * from events_search_source where event_id = new.id;
end;
create trigger events_search_delete after delete on events begin
  delete from events_search where event_id = old.id;
end;
create trigger events_search_venue after update of name, city on venues begin
  insert or replace into events_search select * from events_search_source
   where event_id in (select id from events where venue_id = new.id);
end;

create trigger producers_search_insert after insert on producers begin
  insert or replace into producers_search select * from producers_search_source where producer_id = new.id;
end;
create trigger producers_search_update after update of name, city, provinces_id on producers begin
  insert or replace into producers_search select * from producers_search_source where producer_id = new.id;
  insert or replace into events_search select * from events_search_source
   where event_id in (select id from events where producer_id = new.id);
end;
create trigger producers_search_delete after delete on producers begin
  delete from producers_search where producer_id = old.id;
end;

-- Images issued by the upload endpoint, and to whom (issue 13: image keys were free text, so a logo_key of
-- "../checkout?…" made visitors' browsers call that URL). A producer logo or an event cover/flyer is only
-- accepted when its key is unchanged or was issued here to the user who saves it.
create table media_uploads (
  key text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index media_uploads_user on media_uploads (user_id);

-- Keys saved before this check that no upload or seed could have produced are dropped (no image shown).
update producers set logo_key = null
 where logo_key is not null and not (
   (logo_key glob 'img/[A-Za-z0-9_-]*' and substr(logo_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (logo_key glob 'seed/[A-Za-z0-9_-]*' and substr(logo_key, 6) not glob '*[^A-Za-z0-9._-]*'));
update events set cover_key = null
 where cover_key is not null and not (
   (cover_key glob 'img/[A-Za-z0-9_-]*' and substr(cover_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (cover_key glob 'seed/[A-Za-z0-9_-]*' and substr(cover_key, 6) not glob '*[^A-Za-z0-9._-]*'));
update events set flyer_key = null
 where flyer_key is not null and not (
   (flyer_key glob 'img/[A-Za-z0-9_-]*' and substr(flyer_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (flyer_key glob 'seed/[A-Za-z0-9_-]*' and substr(flyer_key, 6) not glob '*[^A-Za-z0-9._-]*'));
