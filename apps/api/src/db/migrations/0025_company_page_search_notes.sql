-- The company page, the top bar's search and the reviewers' notes on a check.

-- Reviewers' internal notes on a check: written by EMVO reviewers, read by reviewers and administrators,
-- never by the company. Append-only; a note keeps its author as the audit rows name them (the token's
-- email, else its subject).
create table check_notes (
  id uuid primary key default gen_random_uuid(),
  check_id uuid not null references checks (id) on delete cascade,
  author text not null,
  body text not null check (length(body) between 1 and 4000),
  created_at timestamptz not null default now()
);
create index check_notes_check_idx on check_notes (check_id, created_at, id);

-- The name of the record an audit row names, as it was when the row was written: a gateway or a link
-- deleted since is still named by the name it had. The writer may give it (a DELETE names the row it
-- has just deleted); otherwise it is looked up as the row is inserted. Readers prefer the record's
-- current name and fall back on this one (modules/audit/audit-list.ts, the company page's activity).
alter table audit_log add column entity_name text;

create or replace function audit_log_set_organisation() returns trigger
language plpgsql as $$
begin
  if new.organisation_id is null then
    new.organisation_id := audit_organisation_of(new.entity, new.entity_id);
  end if;
  if new.entity_name is null then
    new.entity_name := audit_entity_name_of(new.entity, new.entity_id);
  end if;
  return new;
end
$$;

-- The rows written before: the current name where the record still exists, else what a DELETE's diff
-- kept of the row (its own name column, packages/domain AUDIT_SUBJECTS).
update audit_log
   set entity_name = coalesce(
     audit_entity_name_of(entity, entity_id),
     diff ->> 'name',
     diff ->> 'label',
     diff ->> 'title',
     diff ->> 'key',
     diff ->> 'legalName',
     diff ->> 'displayName'
   );

-- The top bar's search (contracts search.ts SEARCH_RULE): a fragment of three characters or more is
-- matched anywhere in a company's name or OBP number and a person's name or email, through the trigram
-- indexes (0001 organisations, 0020 users); one or two characters match the start only, through these
-- prefix indexes (a trigram index cannot serve a fragment shorter than a trigram).
create index organisations_legal_name_prefix on organisations (lower(legal_name) text_pattern_ops);
create index users_display_name_prefix on users (lower(display_name) text_pattern_ops);
create index users_email_prefix on users (lower(email) text_pattern_ops);
