-- Personal data (issue 35): consents with the text version accepted, the log of e-mails sent, account deletion
-- requests, the producers' retention of attendee data, and an activity log that cannot be changed.

-- Every consent given or withdrawn (terms at registration; promotions at registration and in Perfil), with
-- the version of the text the person saw. Never updated: the latest row of a kind is the current answer.
create table consents (
  id integer primary key autoincrement,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('terms', 'promotions')),
  granted integer not null check (granted in (0, 1)),
  version text not null,
  source text not null check (source in ('registration', 'profile')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index consents_user on consents (user_id, kind, id);
-- Accounts made before consents were recorded: what their row already says, under the first versions.
insert into consents (user_id, kind, granted, version, source, created_at)
  select id, 'terms', 1, 'terminos-2026-01', 'registration', terms_accepted_at from users;
insert into consents (user_id, kind, granted, version, source, created_at)
  select id, 'promotions', accept_promotions, 'promociones-2026-01', 'registration', created_at from users;

-- Every e-mail the mail port sent (address and subject only, never the body): "Mis datos" lists a person's.
create table mail_log (
  id integer primary key autoincrement,
  to_address text not null collate nocase,
  subject text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index mail_log_to on mail_log (to_address, id);

-- A person's request to delete their account: one per account (a second request answers the first's state).
-- The cron job anonymises the account within 24 h, after refunding or cancelling the tickets to future
-- events (`tickets`) and after any refund still pending.
create table account_deletions (
  user_id integer primary key references users (id) on delete cascade,
  tickets text not null check (tickets in ('refund', 'cancel')),
  pseudonym text not null unique,
  status text not null default 'pending' check (status in ('pending', 'done')),
  requested_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  done_at text
);
create index account_deletions_pending on account_deletions (status, requested_at);

-- "Borrar datos de asistentes N días después del evento" (a producer's setting, 365 by default).
alter table producer_settings add column attendee_retention_days integer not null default 365
  check (attendee_retention_days between 1 and 3650);
-- When the retention job anonymised the event's attendees (null: not yet).
alter table events add column attendees_erased_at text;

-- The activity log (audit_log, issue 11) cannot be changed: no update or delete, whoever asks.
create trigger audit_log_immutable_update before update on audit_log
begin
  select raise(abort, 'audit_log_is_immutable');
end;
create trigger audit_log_immutable_delete before delete on audit_log
begin
  select raise(abort, 'audit_log_is_immutable');
end;
create index audit_log_producer_actor on audit_log (producer_id, actor_user_id, id desc);
create index audit_log_producer_event on audit_log (producer_id, event_id, id desc);
