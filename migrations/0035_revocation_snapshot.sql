-- The buyer's hot paths (POST /holds, joining a queue) check revocations against a snapshot each Worker
-- isolate reloads every second (services/accounts/revocation-cache.ts): the users whose sessions were ended
-- or whose roles changed within an access token's lifetime. These indexes keep that reload a range read.
create index users_sessions_revoked_at on users (sessions_revoked_at) where sessions_revoked_at is not null;
create index users_roles_changed_at on users (roles_changed_at) where roles_changed_at is not null;
