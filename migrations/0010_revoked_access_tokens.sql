-- Access tokens ended by a logout before their expiry (SHA-256 of the token). The access token's claims
-- are fixed by the spec (no token id), so the provider checks this list on every authenticated call; a
-- row is useless once the token has expired and the cleanup job deletes it. `expires_at`: Unix ms.
create table revoked_access_tokens (
  token_hash text primary key,
  expires_at integer not null
);
create index revoked_access_tokens_expiry on revoked_access_tokens (expires_at);
