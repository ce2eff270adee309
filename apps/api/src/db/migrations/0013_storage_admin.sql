-- The audit trail's screen: newest first, a page at a time, often a date range. This
-- index hands the rows over in that order (the tie on `at` broken by id, as the list does).
create index audit_log_at_idx on audit_log (at, id);
