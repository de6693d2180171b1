-- The users each event's check-in object holds door authorization for (it records them when it first reads
-- them): a change to a user's memberships, account or sessions is pushed to these objects
-- (functions/api/services/checkin/push.ts), so a scan needs no D1 read to know who may scan.
create table checkin_door_staff (
  event_id integer not null,
  user_id integer not null,
  primary key (user_id, event_id)
);
