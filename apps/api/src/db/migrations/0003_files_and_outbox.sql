-- Stored files (issue: business core) and the mail outbox. Plain PostgreSQL, run on PGlite and PostgreSQL.

-- A file in blob storage (local disk or Azure Blob Storage): container = the purpose's container, blob_key =
-- its name there. The row is written in the same transaction as the record that references it.
create table stored_files (
  id uuid primary key default gen_random_uuid(),
  container text not null,
  blob_key text not null,
  name text not null,
  mime text not null,
  size integer not null check (size >= 0),
  sha256 char(64) not null,
  purpose text not null,
  organisation_id uuid references organisations (id),
  uploaded_by text not null,
  -- How many records reference the file; the admin may delete it only at 0 (domain.md /admin/storage).
  ref_count integer not null default 0 check (ref_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  unique (container, blob_key)
);
create index stored_files_container_idx on stored_files (container, created_at, id);
create index stored_files_organisation_idx on stored_files (organisation_id);

alter table contacts add constraint contacts_copy_of_proof_fk
  foreign key (copy_of_proof_file_id) references stored_files (id);

-- Mails, written inside the business transaction that causes them; a sender in each API process claims due
-- rows with FOR UPDATE SKIP LOCKED, so several instances never send one twice.
create table outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text text not null,
  -- The one link a person must follow (a confirmation, an invitation), logged when no SMTP is configured.
  link text,
  status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'FAILED')),
  attempts integer not null default 0,
  -- When the row is next due: now for a new mail, later after a failure (backoff) or while claimed (lease).
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_due_idx on outbox (next_attempt_at) where status = 'PENDING';
create index outbox_to_idx on outbox (lower(to_address), created_at);
