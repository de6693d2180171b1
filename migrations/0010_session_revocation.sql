-- Access tokens ended by a logout before their expiry (SHA-256 of the token). The access token's claims
-- are fixed by the spec (no token id), so the provider checks this list on every authenticated call; a
-- row is useless once the token has expired and the cleanup job deletes it. `expires_at`: Unix ms.
create table revoked_access_tokens (
  token_hash text primary key,
  expires_at integer not null
);
create index revoked_access_tokens_expiry on revoked_access_tokens (expires_at);

-- When every session of a user was ended (password reset, a SUPERADMIN setting the password): access
-- tokens issued before this second are refused too. Unix seconds; null when it never happened.
alter table users add column sessions_revoked_at integer;
