-- Invitations (complimentary tickets) issued by a producer's admins from /admin/invitations.
-- Each invitation is an order of kind 'invitation': free (price and fee 0), status 'paid' so its tickets are
-- issued and admitted at the door like any other, but paid_at stays null and no payment row exists, so every
-- figure built on paid orders (dashboard, finance, exports by payment) leaves it out of revenue by itself.
alter table orders add column kind text not null default 'sale' check (kind in ('sale', 'invitation'));

-- One invitation: who it is for, how many tickets of which type, under which tag (a promoter, "Prensa").
-- The tickets belong to the issuing admin's account only as a placeholder until the recipient has a verified
-- account with that e-mail (recipient_user_id null: listed to nobody in /mis-tickets); then they are moved to
-- the recipient (services/invitations/claim.ts). The e-mail is a retried job (mail_*, like orders.tickets_mail_*):
-- each send makes a new link token, stored hashed; opened_at is the first time a link was followed.
create table guest_invitations (
  id text primary key,
  event_id integer not null references events (id),
  producer_id integer not null references producers (id),
  order_id text not null unique references orders (id),
  ticket_type_id integer not null references ticket_types (id),
  quantity integer not null check (quantity > 0),
  name text not null,
  email text not null collate nocase,
  dni text not null,
  tag text not null,
  tag_key text not null,
  recipient_user_id integer references users (id),
  status text not null default 'active' check (status in ('active', 'revoked')),
  open_token_hash text unique,
  opened_at text,
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sending', 'sent', 'failed')),
  mail_attempts integer not null default 0,
  mail_at text,
  sent_count integer not null default 0,
  last_sent_at text,
  revoked_at text,
  created_by integer not null references users (id),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index guest_invitations_event on guest_invitations (event_id, tag_key, created_at desc);
create index guest_invitations_unclaimed on guest_invitations (email) where recipient_user_id is null;
create index guest_invitations_mail on guest_invitations (mail_status, mail_at) where mail_status in ('pending', 'sending');

-- Optional quota per tag and event (how many tickets that tag may give away). The counts against it live in
-- the event's inventory object, which checks them in the same atomic step that takes the capacity.
create table guest_invitation_quotas (
  event_id integer not null references events (id),
  tag_key text not null,
  tag text not null,
  quota integer not null check (quota >= 0),
  primary key (event_id, tag_key)
);
