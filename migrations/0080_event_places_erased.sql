-- Retention (issue 35): the events whose waiting-list and queue places (kept in their Durable Objects) were
-- erased. An event erased before retention reached the objects has `events.attendees_erased_at` set and no row
-- here: the cron catches it up (services/settings/retention.ts).
create table event_places_erased (
  event_id integer primary key references events (id) on delete cascade,
  at text not null
);
