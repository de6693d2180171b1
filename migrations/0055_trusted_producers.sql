-- Producers the platform trusts (issue 32): their admins publish their events at once, with the same checks
-- (publishProblems), instead of waiting for a superadmin's review; a new producer stays moderated. A
-- superadmin sets it in Configuración (PUT /admin/settings/platform/producers/:id/trust). null: moderated.
alter table producers add column trusted_at text;
alter table producers add column trusted_by integer references users (id);
