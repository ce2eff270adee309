-- Registration and onboarding (issue: a company registers, confirms and submits its application).

-- domain.md Registration: a visitor's request to onboard a company, confirmed by a mailed single-use link.
create table registrations (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  first_name text not null,
  last_name text not null,
  company_name text not null,
  org_type text not null check (org_type in ('OPM', 'PD')),
  status text not null default 'PENDING_CONFIRMATION'
    check (status in ('PENDING_CONFIRMATION', 'CONFIRMED', 'COMPLETED')),
  -- The REGISTRATION disclaimer the visitor accepted, and when.
  disclaimer_content_id uuid not null references disclaimer_contents (id),
  accepted_at timestamptz not null default now(),
  resend_count integer not null default 0,
  last_sent_at timestamptz,
  organisation_id uuid references organisations (id),
  user_id uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index registrations_email_idx on registrations (lower(email), created_at);

-- A mailed link's token (a registration's confirmation, a person's invitation): only its sha256 is
-- stored; it is single use and expires (48 h for a confirmation, domain.md).
create table account_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash char(64) not null unique,
  purpose text not null check (purpose in ('CONFIRM_REGISTRATION', 'INVITATION')),
  registration_id uuid references registrations (id) on delete cascade,
  user_id uuid references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  check ((purpose = 'CONFIRM_REGISTRATION') = (registration_id is not null)),
  check ((purpose = 'INVITATION') = (user_id is not null))
);
create index account_tokens_registration_idx on account_tokens (registration_id);
create index account_tokens_user_idx on account_tokens (user_id);

-- domain.md DisclaimerAcceptance: who accepted which published version, and when.
create table disclaimer_acceptances (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  disclaimer_content_id uuid not null references disclaimer_contents (id),
  at timestamptz not null default now(),
  unique (user_id, disclaimer_content_id)
);

-- OBP numbers (C00123): the next one comes from a sequence, so two confirmations never take the same.
-- The seed moves it past the numbers it writes itself.
create sequence obp_number_seq;
