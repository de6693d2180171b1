-- Whose places the objects keep (issue 35): the waiting-list entries (inventory) and queue entries (queue) copied
-- to object_state, found by their account. "Mis datos" lists a person's places from the objects these rows name,
-- and an account's deletion reaches every object that keeps one, without asking every event's objects.
create index object_state_person on object_state (json_extract(data, '$.user_id'))
  where tbl in ('waitlist', 'entries');
