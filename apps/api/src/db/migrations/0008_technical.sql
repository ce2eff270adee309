-- The company's technical step (domain.md CertificateRequest, SessionToken, TestRun): the
-- CSR files it uploads per environment, the session tokens it requests (the reviewers issue them: a later
-- issue builds its queue on this table) and its test runs. The gateway stays organisations.gateway_id: one
-- gateway for both environments (domain.md Organisation.gatewayId), which the admin's "in use" rule counts.

-- domain.md CertificateRequest: organisationId, environment IQE / PRD, CSR file, status.
create table certificate_requests (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id),
  environment text not null check (environment in ('IQE', 'PRD')),
  file_id uuid not null references stored_files (id),
  status text not null default 'UPLOADED' check (status in ('UPLOADED', 'ACCEPTED', 'REJECTED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index certificate_requests_organisation_idx on certificate_requests (organisation_id, environment, created_at);

-- domain.md SessionToken: requested by the company, issued (or cancelled with a reason) by a reviewer,
-- expiring 24 h after issue. The value is stored encrypted (AES-256-GCM: ciphertext with its tag, the
-- nonce, the id of the key) and shown to the company once (shown_at).
create table session_tokens (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id),
  environment text not null check (environment in ('IQE', 'PRD')),
  status text not null default 'REQUESTED' check (status in ('REQUESTED', 'ISSUED', 'EXPIRED', 'CANCELLED')),
  requested_by text not null,
  requested_at timestamptz not null default now(),
  issued_by text,
  issued_at timestamptz,
  expires_at timestamptz,
  value_ciphertext text,
  value_nonce text,
  key_id text,
  shown_at timestamptz,
  cancelled_by text,
  cancelled_at timestamptz,
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  -- The encrypted value comes whole (ciphertext, nonce, key id) or not at all; an issued token has it,
  -- with its issue and expiry; a requested one has not been issued yet.
  constraint session_tokens_value_check check (
    (value_ciphertext is null) = (value_nonce is null) and (value_ciphertext is null) = (key_id is null)
  ),
  constraint session_tokens_expiry_check check (
    status <> 'ISSUED' or (issued_at is not null and expires_at is not null and value_ciphertext is not null)
  ),
  constraint session_tokens_requested_check check (status <> 'REQUESTED' or issued_at is null)
);
-- At most one open request per company and environment (409 TOKEN_ALREADY_REQUESTED).
create unique index session_tokens_one_open_request on session_tokens (organisation_id, environment)
  where status = 'REQUESTED';
create index session_tokens_organisation_idx on session_tokens (organisation_id, environment, requested_at);
-- The reviewers' queue reads the open requests oldest first.
create index session_tokens_queue_idx on session_tokens (status, requested_at);

-- domain.md TestRun: one scenario run in ITE, IQE or PRD, entered by hand or imported from a CSV.
create table test_runs (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id),
  environment text not null check (environment in ('ITE', 'IQE', 'PRD')),
  scenario text not null,
  result text not null check (result in ('PASSED', 'FAILED')),
  error_code text,
  executed_at timestamptz not null,
  source text not null check (source in ('MANUAL', 'CSV_IMPORT')),
  approved_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index test_runs_organisation_idx on test_runs (organisation_id, environment, executed_at);
