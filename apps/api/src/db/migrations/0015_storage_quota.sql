-- "storage fills without bound": a file no record references is removed (when an upload
-- replaces it, or by the sweep after STORAGE_ORPHAN_GRACE_MINUTES), except the ones an administrator
-- uploaded on purpose through /admin/storage, which no record references (ref_count 0) and which stay
-- until the administrator deletes them. `kept` tells these apart.
alter table stored_files add column kept boolean not null default false;

-- The administrators' uploads so far: each wrote a CREATE audit row for its stored file in the same
-- transaction (modules/files/files-repository.ts); no other stored file has one.
update stored_files f set kept = true
where exists (
  select 1 from audit_log a
  where a.entity = 'storedFile' and a.action = 'CREATE' and a.entity_id = f.id::text
);

