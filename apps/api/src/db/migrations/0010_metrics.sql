-- The reviewers' tests status metrics: the stage moves taken by hand, and the
-- indexes the metrics' aggregates read (bench/metrics measures them on 100,000 organisations and 1,000,000
-- test runs).

-- packages/domain stages.ts StageEventDraft: one move of an application by hand (to production, to
-- maintenance; later the admin's suspend, resume, withdraw), append-only like check_events. The metrics'
-- "median days from registration to production" reads the first move to TECHNICAL_PRD of each company.
create table stage_events (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id),
  move text not null check (move in ('MOVE_TO_PRODUCTION', 'MOVE_TO_MAINTENANCE', 'SUSPEND', 'RESUME', 'WITHDRAW')),
  from_stage text not null,
  to_stage text not null,
  actor text not null,
  role text not null,
  comment text,
  at timestamptz not null default now()
);
-- The median reads the moves into production, each with its organisation's registration.
create index stage_events_to_stage_idx on stage_events (to_stage, organisation_id, at);
create index stage_events_organisation_idx on stage_events (organisation_id, at);

-- IQE pass rate per week: the runs of one environment in a time range, read from the index alone (the
-- result is in it), without visiting the table's rows.
create index test_runs_environment_executed_idx on test_runs (environment, executed_at) include (result);

-- Companies per stage counts organisations by stage: organisations_stage_idx (stage, country, created_at)
-- serves it; open token requests count session_tokens by status: session_tokens_queue_idx serves it.
