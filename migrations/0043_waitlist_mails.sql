-- Waiting-list e-mails as a retried job (issue 22), like the purchase and invitation e-mails: the event's
-- EventInventory object queues each one here (once: the id is the offer's hold), it is tried at once, and
-- the cron job (services/waitlist/mail.ts retryWaitlistMails) tries again what failed or was interrupted,
-- after 1, 5, 15, 60 and 180 minutes; then it is marked 'failed'.
-- kind: 'offer' (freed tickets held for the entry, a link to its checkout) or 'expired' (the offer was not
-- answered in time and passed to the next entry).
create table waitlist_mails (
  id text primary key,
  kind text not null check (kind in ('offer', 'expired')),
  event_id integer not null references events (id) on delete cascade,
  ticket_type_id integer not null,
  email text not null,
  quantity integer not null,
  order_id text,
  expires_at text,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  mail_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index waitlist_mails_due on waitlist_mails (status, mail_at);
