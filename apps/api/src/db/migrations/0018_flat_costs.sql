-- Costs that stay flat as the data grows (bench/scale). After years of use the audit log,
-- the test runs and the stage events are the big tables; the screens that read them now read a column or
-- an index range kept current in the transaction that writes them, never a scan of the big table.

-- An audit row's entity id as a uuid when it is one (every record the trail names has a uuid id), so the
-- lookups below use the records' primary keys; null for anything else (an import's id, a malformed one).
create function uuid_or_null(value text) returns uuid
language sql immutable as $$
  select case when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then value::uuid end
$$;

-- The company an audited record belongs to. A company is its own; a user, contact,
-- check, document, token or run belongs to one; a disclaimer acceptance through its user; gateways,
-- tooltips, texts and links to none. Said once, here: the audit row stores it when it is written.
create function audit_organisation_of(entity text, entity_id text) returns uuid
language sql stable as $$
  select case entity
    when 'organisation' then (select o.id from organisations o where o.id = uuid_or_null(entity_id))
    when 'user' then (select u.organisation_id from users u where u.id = uuid_or_null(entity_id))
    when 'contact' then (select c.organisation_id from contacts c where c.id = uuid_or_null(entity_id))
    when 'check' then (select k.organisation_id from checks k where k.id = uuid_or_null(entity_id))
    when 'registration' then (select r.organisation_id from registrations r where r.id = uuid_or_null(entity_id))
    when 'disclaimerAcceptance' then (
      select u.organisation_id from disclaimer_acceptances a join users u on u.id = a.user_id
       where a.id = uuid_or_null(entity_id))
    when 'participationAgreement' then (
      select p.organisation_id from participation_agreements p where p.id = uuid_or_null(entity_id))
    when 'invoicingInformation' then (
      select i.organisation_id from invoicing_information i where i.id = uuid_or_null(entity_id))
    when 'certificateRequest' then (
      select q.organisation_id from certificate_requests q where q.id = uuid_or_null(entity_id))
    when 'sessionToken' then (select s.organisation_id from session_tokens s where s.id = uuid_or_null(entity_id))
    when 'TestRun' then (select t.organisation_id from test_runs t where t.id = uuid_or_null(entity_id))
    when 'storedFile' then (select f.organisation_id from stored_files f where f.id = uuid_or_null(entity_id))
  end
$$;

-- The record's own name as the trail shows it (read for a page's rows only, so it stays current).
create function audit_entity_name_of(entity text, entity_id text) returns text
language sql stable as $$
  select case entity
    when 'organisation' then (select o.legal_name from organisations o where o.id = uuid_or_null(entity_id))
    when 'user' then (select u.display_name from users u where u.id = uuid_or_null(entity_id))
    when 'contact' then (
      select c.first_name || ' ' || c.last_name from contacts c where c.id = uuid_or_null(entity_id))
    when 'registration' then (select r.company_name from registrations r where r.id = uuid_or_null(entity_id))
    when 'storedFile' then (select f.name from stored_files f where f.id = uuid_or_null(entity_id))
    when 'gateway' then (select g.name from gateways g where g.id = uuid_or_null(entity_id))
    when 'tooltip' then (select t.key from tooltips t where t.id = uuid_or_null(entity_id))
    when 'disclaimerContent' then (select d.title from disclaimer_contents d where d.id = uuid_or_null(entity_id))
    when 'link' then (select l.label from links l where l.id = uuid_or_null(entity_id))
  end
$$;

-- The trail filtered by company reads its own index range (audit_log_organisation_idx), not a join of
-- every table: each row stores its company as it is written, whoever writes it.
alter table audit_log add column organisation_id uuid;
create function audit_log_set_organisation() returns trigger
language plpgsql as $$
begin
  if new.organisation_id is null then
    new.organisation_id := audit_organisation_of(new.entity, new.entity_id);
  end if;
  return new;
end
$$;
create trigger audit_log_organisation before insert on audit_log
  for each row execute function audit_log_set_organisation();
update audit_log set organisation_id = audit_organisation_of(entity, entity_id);

-- A registration's rows were written before its company existed: they join the company when it does.
create function registration_audit_follows_company() returns trigger
language plpgsql as $$
begin
  update audit_log set organisation_id = new.organisation_id
   where entity = 'registration' and entity_id = new.id::text and organisation_id is null;
  return null;
end
$$;
create trigger registration_company after update of organisation_id on registrations
  for each row when (new.organisation_id is not null and old.organisation_id is distinct from new.organisation_id)
  execute function registration_audit_follows_company();

-- The trail's filters, newest first (AUDIT_LIST's default order, with its tie-breaker).
create index audit_log_organisation_idx on audit_log (organisation_id, at, id);
create index audit_log_actor_idx on audit_log (actor, at, id);

-- The per-company metrics table (/emvo/tests-status-metrics): each company's runs summed up on its own row,
-- kept current by the statements that write test runs, so sorting a million companies by a pass rate
-- reads an index instead of aggregating every run. A rate is a whole percentage, null without runs.
alter table organisations
  add column last_run_at timestamptz,
  add column ite_runs integer not null default 0,
  add column ite_passed integer not null default 0,
  add column iqe_runs integer not null default 0,
  add column iqe_passed integer not null default 0,
  add column prd_runs integer not null default 0,
  add column prd_passed integer not null default 0,
  add column pass_rate_ite integer generated always as (round(100.0 * ite_passed / nullif(ite_runs, 0))::int) stored,
  add column pass_rate_iqe integer generated always as (round(100.0 * iqe_passed / nullif(iqe_runs, 0))::int) stored,
  add column pass_rate_prd integer generated always as (round(100.0 * prd_passed / nullif(prd_runs, 0))::int) stored;

-- Recounts the runs of the given companies from test_runs (one index range each): never drifts, whatever
-- the statement did to them.
create function refresh_company_test_runs(ids uuid[]) returns void
language sql as $$
  update organisations o
     set last_run_at = r.last_run_at,
         ite_runs = r.ite_runs, ite_passed = r.ite_passed,
         iqe_runs = r.iqe_runs, iqe_passed = r.iqe_passed,
         prd_runs = r.prd_runs, prd_passed = r.prd_passed
    from unnest(ids) as changed (id)
   cross join lateral (
     select max(t.executed_at) as last_run_at,
            count(*) filter (where t.environment = 'ITE')::int as ite_runs,
            count(*) filter (where t.environment = 'ITE' and t.result = 'PASSED')::int as ite_passed,
            count(*) filter (where t.environment = 'IQE')::int as iqe_runs,
            count(*) filter (where t.environment = 'IQE' and t.result = 'PASSED')::int as iqe_passed,
            count(*) filter (where t.environment = 'PRD')::int as prd_runs,
            count(*) filter (where t.environment = 'PRD' and t.result = 'PASSED')::int as prd_passed
       from test_runs t
      where t.organisation_id = changed.id
   ) as r
   where o.id = changed.id
$$;
create function test_runs_changed() returns trigger
language plpgsql as $$
begin
  perform refresh_company_test_runs(array(select distinct organisation_id from changed_runs));
  return null;
end
$$;
create trigger test_runs_inserted after insert on test_runs
  referencing new table as changed_runs for each statement execute function test_runs_changed();
create trigger test_runs_updated after update on test_runs
  referencing new table as changed_runs for each statement execute function test_runs_changed();
create trigger test_runs_deleted after delete on test_runs
  referencing old table as changed_runs for each statement execute function test_runs_changed();

update organisations o
   set last_run_at = r.last_run_at,
       ite_runs = r.ite_runs, ite_passed = r.ite_passed,
       iqe_runs = r.iqe_runs, iqe_passed = r.iqe_passed,
       prd_runs = r.prd_runs, prd_passed = r.prd_passed
  from (
    select organisation_id,
           max(executed_at) as last_run_at,
           count(*) filter (where environment = 'ITE')::int as ite_runs,
           count(*) filter (where environment = 'ITE' and result = 'PASSED')::int as ite_passed,
           count(*) filter (where environment = 'IQE')::int as iqe_runs,
           count(*) filter (where environment = 'IQE' and result = 'PASSED')::int as iqe_passed,
           count(*) filter (where environment = 'PRD')::int as prd_runs,
           count(*) filter (where environment = 'PRD' and result = 'PASSED')::int as prd_passed
      from test_runs
     group by organisation_id
  ) as r
 where o.id = r.organisation_id;

-- Every sortable column of the per-company table (METRICS_COMPANY_LIST), with its tie-breaker; the OBP
-- number's unique index and organisations_legal_name_idx serve the other two.
create index organisations_email_idx on organisations (email, id);
create index organisations_stage_order_idx on organisations (stage, id);
create index organisations_last_run_idx on organisations (last_run_at, id);
create index organisations_pass_rate_ite_idx on organisations (pass_rate_ite, id);
create index organisations_pass_rate_iqe_idx on organisations (pass_rate_iqe, id);
create index organisations_pass_rate_prd_idx on organisations (pass_rate_prd, id);

-- The median days from registration to production: each company's first move to TECHNICAL_PRD on its own
-- row, kept current by the statements that write stage events, so the figure reads one partial index
-- instead of grouping every stage event.
alter table organisations
  add column first_production_at timestamptz,
  add column days_to_production double precision
    generated always as (extract(epoch from (first_production_at - created_at)) / 86400) stored;
create function stage_events_inserted() returns trigger
language plpgsql as $$
begin
  update organisations o
     set first_production_at = least(coalesce(o.first_production_at, moved.at), moved.at)
    from (
      select organisation_id, min(at) as at from changed_events
       where to_stage = 'TECHNICAL_PRD' group by organisation_id
    ) as moved
   where o.id = moved.organisation_id;
  return null;
end
$$;
create trigger stage_events_production after insert on stage_events
  referencing new table as changed_events for each statement execute function stage_events_inserted();
update organisations o
   set first_production_at = moved.at
  from (
    select organisation_id, min(at) as at from stage_events where to_stage = 'TECHNICAL_PRD' group by organisation_id
  ) as moved
 where o.id = moved.organisation_id;
create index organisations_days_to_production_idx on organisations (days_to_production)
  where days_to_production is not null;
