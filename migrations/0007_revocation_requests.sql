-- "Botón de arrepentimiento" requests (Resolución 424/2020): kept so every request has a traceable code,
-- and so the e-mails to the buyer and the refunds desk can be retried until they go out.
create table revocation_requests (
  code text primary key,
  name text not null,
  email text not null,
  dni text not null,
  order_ref text not null,
  reason text not null default '',
  -- 0 until both e-mails (buyer and desk) went out; the cron retries the rest.
  mailed integer not null default 0,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index revocation_requests_unmailed on revocation_requests (mailed, created_at) where mailed = 0;
