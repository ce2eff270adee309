-- Who revoked a user's access, as disabled_by says who disabled them: a standing an administrator set
-- (DISABLED or REVOKED) is the company's to see, never to undo (packages/domain withdrawnByPortal).
alter table users add column revoked_by text check (revoked_by in ('ADMIN', 'COMPANY'));

-- Revoked before this column: by the company when its removal also disabled them (disabled_by COMPANY),
-- else by an administrator (the safe side: the company cannot restore them).
update users
set revoked_by = case when status = 'DISABLED' and disabled_by = 'COMPANY' then 'COMPANY' else 'ADMIN' end
where access = 'REVOKED';
