-- Issue 20: the public event page shows each ticket's total with the service charge, so a change of the
-- platform's default charge (platform_config) is a catalogue change too: it re-versions the cached pages.
create trigger catalog_platform_config_insert after insert on platform_config
  when new.key like 'service_fee_%' begin update catalog_version set v = v + 1 where id = 1; end;
create trigger catalog_platform_config_update after update on platform_config
  when new.key like 'service_fee_%' begin update catalog_version set v = v + 1 where id = 1; end;
