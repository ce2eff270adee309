-- The reviewers' queues (issue: the three queues), measured on a million organisations (bench/api-list).
-- A queue is one check type, oldest submitted first (domain.md), a page of 20 at a time: these indexes
-- hand the rows over in that order, so a page reads 20 index entries instead of sorting every check of
-- the type (a default queue went from seconds to a millisecond). Their included columns are what the
-- queue's filters on status, SLA and assignee read, plus organisation_id: the queue's query joins the
-- organisation, and PostgreSQL still counts the join's column as read when it leaves the join out of a
-- page's count (review-queue-list.ts), so without it the count could not be answered from the index.

-- The queue's default view and its filters on status, SLA and assignee.
create index checks_queue_order_idx on checks (type, submitted_at, id)
  include (status, sla_due_at, assignee, organisation_id);

-- "Assigned to me": the caller's checks of the type, in the same order.
create index checks_assignee_idx on checks (type, assignee, submitted_at, id)
  include (status, sla_due_at, organisation_id);

-- The open checks alone (submitted or in review: the ones that wait on a reviewer), however many were
-- decided before: "assigned to me + overdue" counts its rows in a range of it, and the reviewer's landing
-- page counts each queue's open, overdue and own checks from it (queue-summary.ts writes these statuses
-- as literals, so the planner matches the predicate in a generic plan too).
create index checks_open_idx on checks (type, assignee, sla_due_at) include (organisation_id)
  where status in ('SUBMITTED', 'IN_REVIEW');
