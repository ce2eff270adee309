-- The figures of /emvo/tests-status-metrics at the cost of a few small rows, whatever the
-- number of companies and runs (bench/scale: counting a million companies per stage, or the IQE runs of
-- twelve weeks out of ten million, grew with the data). Each counter is kept current by the statements
-- that change what it counts, in their transaction, and recounted from the tables here once.

-- Companies per stage.
create table stage_counts (
  stage text primary key,
  companies integer not null default 0
);

-- Companies by the days from registration to their first move to production, in tenths of a day (the
-- figure shows one decimal): the median is read from a few thousand buckets, not a million rows.
create table production_days (
  tenths integer primary key,
  companies integer not null default 0
);

-- Test runs and passes per UTC day and environment: the weekly pass rate sums seven rows a week.
create table test_run_days (
  day date not null,
  environment text not null,
  runs integer not null default 0,
  passed integer not null default 0,
  primary key (environment, day)
);

create function organisations_counted() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into stage_counts as counted (stage, companies)
    select stage, -count(*) from old_companies group by stage
    on conflict (stage) do update set companies = counted.companies + excluded.companies;
    insert into production_days as counted (tenths, companies)
    select round(days_to_production * 10)::int, -count(*) from old_companies
     where days_to_production is not null group by 1
    on conflict (tenths) do update set companies = counted.companies + excluded.companies;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into stage_counts as counted (stage, companies)
    select stage, count(*) from new_companies group by stage
    on conflict (stage) do update set companies = counted.companies + excluded.companies;
    insert into production_days as counted (tenths, companies)
    select round(days_to_production * 10)::int, count(*) from new_companies
     where days_to_production is not null group by 1
    on conflict (tenths) do update set companies = counted.companies + excluded.companies;
  end if;
  return null;
end
$$;
create trigger organisations_counted_insert after insert on organisations
  referencing new table as new_companies for each statement execute function organisations_counted();
create trigger organisations_counted_delete after delete on organisations
  referencing old table as old_companies for each statement execute function organisations_counted();

-- An update counts only the companies whose stage or production day changed: most updates (a name, a
-- run's summary) change neither, and then touch no counter row.
create function organisations_recounted() returns trigger
language plpgsql as $$
begin
  insert into stage_counts as counted (stage, companies)
  select stage, sum(delta) from (
    select o.stage, -1 as delta from old_companies o join new_companies n using (id) where o.stage <> n.stage
    union all
    select n.stage, 1 from old_companies o join new_companies n using (id) where o.stage <> n.stage
  ) as moved group by stage
  on conflict (stage) do update set companies = counted.companies + excluded.companies;
  insert into production_days as counted (tenths, companies)
  select tenths, sum(delta) from (
    select round(o.days_to_production * 10)::int as tenths, -1 as delta
      from old_companies o join new_companies n using (id)
     where o.days_to_production is not null and o.days_to_production is distinct from n.days_to_production
    union all
    select round(n.days_to_production * 10)::int, 1
      from old_companies o join new_companies n using (id)
     where n.days_to_production is not null and o.days_to_production is distinct from n.days_to_production
  ) as moved group by tenths
  on conflict (tenths) do update set companies = counted.companies + excluded.companies;
  return null;
end
$$;
create trigger organisations_counted_update after update on organisations
  referencing old table as old_companies new table as new_companies
  for each statement execute function organisations_recounted();


-- The runs per day, beside the per-company summary of 0018 (test_runs_changed is replaced by one that
-- keeps both).
drop trigger test_runs_inserted on test_runs;
drop trigger test_runs_updated on test_runs;
drop trigger test_runs_deleted on test_runs;
drop function test_runs_changed();
create function test_runs_changed() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into test_run_days as counted (day, environment, runs, passed)
    select (executed_at at time zone 'UTC')::date, environment, -count(*), -count(*) filter (where result = 'PASSED')
      from old_runs group by 1, 2
    on conflict (environment, day) do update
      set runs = counted.runs + excluded.runs, passed = counted.passed + excluded.passed;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into test_run_days as counted (day, environment, runs, passed)
    select (executed_at at time zone 'UTC')::date, environment, count(*), count(*) filter (where result = 'PASSED')
      from new_runs group by 1, 2
    on conflict (environment, day) do update
      set runs = counted.runs + excluded.runs, passed = counted.passed + excluded.passed;
  end if;
  if tg_op = 'INSERT' then
    perform refresh_company_test_runs(array(select distinct organisation_id from new_runs));
  elsif tg_op = 'DELETE' then
    perform refresh_company_test_runs(array(select distinct organisation_id from old_runs));
  else
    perform refresh_company_test_runs(array(
      select organisation_id from old_runs union select organisation_id from new_runs));
  end if;
  return null;
end
$$;
create trigger test_runs_inserted after insert on test_runs
  referencing new table as new_runs for each statement execute function test_runs_changed();
create trigger test_runs_updated after update on test_runs
  referencing old table as old_runs new table as new_runs for each statement execute function test_runs_changed();
create trigger test_runs_deleted after delete on test_runs
  referencing old table as old_runs for each statement execute function test_runs_changed();

-- Every summary of 0018 and 0019 counted afresh from its tables: run once here, and after a bulk load that
-- bypassed the triggers (bench/scale's seed writes ten million rows with session_replication_role =
-- replica, then calls it).
create function recount_summaries() returns void
language sql as $$
  select refresh_company_test_runs(array(select id from organisations));
  update organisations o
     set first_production_at = moved.at
    from (
      select organisation_id, min(at) as at from stage_events where to_stage = 'TECHNICAL_PRD' group by organisation_id
    ) as moved
   where o.id = moved.organisation_id and o.first_production_at is distinct from moved.at;
  delete from stage_counts;
  insert into stage_counts (stage, companies) select stage, count(*) from organisations group by stage;
  delete from production_days;
  insert into production_days (tenths, companies)
  select round(days_to_production * 10)::int, count(*) from organisations
   where days_to_production is not null group by 1;
  delete from test_run_days;
  insert into test_run_days (day, environment, runs, passed)
  select (executed_at at time zone 'UTC')::date, environment, count(*), count(*) filter (where result = 'PASSED')
    from test_runs group by 1, 2;
$$;
select recount_summaries();
-- The recount rewrote every company's row: fresh statistics, so the lists' plans (the searches' above all)
-- do not wait for autovacuum to notice.
analyze organisations;
