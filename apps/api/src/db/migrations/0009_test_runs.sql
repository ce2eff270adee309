-- Test runs added by hand or imported from a CSV. domain.md TestRun: a run is unique by its
-- company, environment, scenario and time, so importing the same file again adds nothing (the import's
-- `on conflict do nothing` counts those lines as duplicates) and a run typed twice answers 409.
create unique index test_runs_identity_key on test_runs (organisation_id, environment, scenario, executed_at);
