-- Development mailbox: every message the mail port sends while DEV_MODE is set. Empty in production.
create table dev_mail (
  id integer primary key autoincrement,
  to_address text not null,
  subject text not null,
  html text not null,
  text text not null,
  links text not null default '[]',
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index dev_mail_to on dev_mail (to_address, id desc);
