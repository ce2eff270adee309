-- Who disabled a user. A company may invite again only a person it removed itself
-- (its SPOC Assistant); a person an administrator disabled stays disabled until an administrator says so.
alter table users add column disabled_by text check (disabled_by in ('ADMIN', 'COMPANY'));

-- Users disabled before this column: by their company when the last word on them was the company's
-- removal (REMOVE_PERSON), else by an administrator (the safe side: the company cannot revive them).
update users u
set disabled_by = case
  when (
    select a.action from audit_log a
    where a.entity = 'user' and a.entity_id = u.id::text and a.action in ('REMOVE_PERSON', 'DISABLE')
    order by a.at desc, a.id desc
    limit 1
  ) = 'REMOVE_PERSON' then 'COMPANY'
  else 'ADMIN'
end
where u.status = 'DISABLED';

-- The client address of the request that made each change (as the proxies named in
-- TRUST_PROXY report it, else the socket's); null for changes no request made (the seed, the sweeps).
alter table audit_log add column address text;
