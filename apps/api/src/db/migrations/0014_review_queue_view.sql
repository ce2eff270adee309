-- The reviewers' queues (spec §6, domain.md): every check ever submitted, with its organisation's columns,
-- each named as REVIEW_QUEUE_LIST's field. A view names these rows once: the API built the same derived
-- table per request, and building it (three times in a page's queries) was most of a queue request's own
-- work. PostgreSQL inlines the view, so the plans are the ones the derived table had.
--
-- Every check has its organisation (a foreign key, not null), so the left join answers the same rows as an
-- inner one; PostgreSQL leaves a left join out of a query that reads none of its columns, so a page's
-- capped count reads the checks alone unless an organisation's field is filtered on. domain.md: checks
-- never submitted are not in a queue (a contractual check a new template sent back is NOT_SUBMITTED).
create view review_queue as
select
  checks.id,
  checks.type,
  checks.organisation_id,
  organisations.obp_number,
  organisations.legal_name,
  organisations.org_type,
  organisations.country,
  organisations.email,
  organisations.mah_count,
  checks.submitted_at,
  checks.sla_due_at,
  checks.attempt,
  checks.status,
  checks.assignee,
  checks.version
from checks
left join organisations on organisations.id = checks.organisation_id
where checks.status <> 'NOT_SUBMITTED';
