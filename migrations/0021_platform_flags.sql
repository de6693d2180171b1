-- Issue 18: platform switches that are not part of any event's sale configuration (platform_config's
-- changes re-version every event, these must not). mp_shared_accounts = 1: a SUPERADMIN allows one
-- MercadoPago account to be linked to several producers (refused by default).
create table platform_flags (
  key text primary key,
  value integer not null default 0
);
insert into platform_flags (key, value) values ('mp_shared_accounts', 0);
