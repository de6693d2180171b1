-- Full-text search of the catalogue and the producers' directory (issue 13): LIKE patterns longer than
-- D1's 50-byte limit answered 500, and '%'/'_' in the text acted as wildcards. The FTS5 tables below are
-- kept in sync by triggers; `remove_diacritics 2` makes "cordoba" find "Córdoba" (and case never matters).
-- Queries are built from the user's words only (functions/api/services/events/search.ts).

-- One row per event (rowid = events.id): what the catalogue and the back office search in.
create virtual table events_search using fts5 (
  title, producer, venue, city, category,
  tokenize = "unicode61 remove_diacritics 2"
);

insert into events_search (rowid, title, producer, venue, city, category)
  select e.id, e.title, p.name, v.name, v.city, e.category
    from events e join producers p on p.id = e.producer_id left join venues v on v.id = e.venue_id;

create trigger events_search_insert after insert on events begin
  insert into events_search (rowid, title, producer, venue, city, category)
    select new.id, new.title, (select name from producers where id = new.producer_id),
           (select name from venues where id = new.venue_id), (select city from venues where id = new.venue_id),
           new.category;
end;
create trigger events_search_update after update of title, category, producer_id, venue_id on events begin
  update events_search set title = new.title, category = new.category,
         producer = (select name from producers where id = new.producer_id),
         venue = (select name from venues where id = new.venue_id),
         city = (select city from venues where id = new.venue_id)
   where rowid = new.id;
end;
create trigger events_search_delete after delete on events begin
  delete from events_search where rowid = old.id;
end;
create trigger events_search_venue after update of name, city on venues begin
  update events_search set venue = new.name, city = new.city
   where rowid in (select id from events where venue_id = new.id);
end;

-- One row per producer (rowid = producers.id): the public directory searches name, city and province.
create virtual table producers_search using fts5 (
  name, city, province,
  tokenize = "unicode61 remove_diacritics 2"
);

insert into producers_search (rowid, name, city, province)
  select p.id, p.name, p.city, pr.name from producers p left join provincias pr on pr.id = p.provinces_id;

create trigger producers_search_insert after insert on producers begin
  insert into producers_search (rowid, name, city, province)
    values (new.id, new.name, new.city, (select name from provincias where id = new.provinces_id));
end;
create trigger producers_search_update after update of name, city, provinces_id on producers begin
  update producers_search set name = new.name, city = new.city,
         province = (select name from provincias where id = new.provinces_id)
   where rowid = new.id;
  update events_search set producer = new.name where rowid in (select id from events where producer_id = new.id);
end;
create trigger producers_search_delete after delete on producers begin
  delete from producers_search where rowid = old.id;
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
   (logo_key glob 'img/[A-Za-z0-9]*' and substr(logo_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (logo_key glob 'seed/[A-Za-z0-9]*' and substr(logo_key, 6) not glob '*[^A-Za-z0-9._-]*'));
update events set cover_key = null
 where cover_key is not null and not (
   (cover_key glob 'img/[A-Za-z0-9]*' and substr(cover_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (cover_key glob 'seed/[A-Za-z0-9]*' and substr(cover_key, 6) not glob '*[^A-Za-z0-9._-]*'));
update events set flyer_key = null
 where flyer_key is not null and not (
   (flyer_key glob 'img/[A-Za-z0-9]*' and substr(flyer_key, 5) not glob '*[^A-Za-z0-9._-]*')
   or (flyer_key glob 'seed/[A-Za-z0-9]*' and substr(flyer_key, 6) not glob '*[^A-Za-z0-9._-]*'));
