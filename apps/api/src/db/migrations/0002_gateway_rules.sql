-- The gateway rules the API checks (domain.md), held by the database too, so no other writer (a seed, a
-- hand-run script) can store a gateway the admin screens could not show or save again:
-- environments is a non-empty subset of IQE and PRD, and a certification date goes with certified only.

alter table gateways alter column environments drop default;
alter table gateways add constraint gateways_environments_check
  check (cardinality(environments) > 0 and environments <@ array['IQE', 'PRD']::text[]);
alter table gateways add constraint gateways_certified_at_check
  check (certified = (certified_at is not null));
