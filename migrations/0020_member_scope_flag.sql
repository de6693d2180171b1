-- Issue 18: whether a member is limited to some events is its own fact, not "has rows in
-- producer_member_events": those rows cascade away when an event is deleted, and a member limited to a
-- deleted event must not become producer-wide. 1 = limited to its rows (possibly none left).
alter table producer_members add column event_limited integer not null default 0;
update producer_members set event_limited = 1
  where exists (select 1 from producer_member_events e
                where e.producer_id = producer_members.producer_id and e.user_id = producer_members.user_id);
