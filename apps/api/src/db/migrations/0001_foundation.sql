-- The foundation: people, organisations and their checks, reference data, link lists, the audit log.
-- Every business row carries id, created/updated at and by, and an integer version for optimistic locking
-- (domain.md). Plain PostgreSQL: this file runs unchanged on PGlite and PostgreSQL.

create extension if not exists pg_trgm;

create table gateways (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type text not null check (type in ('EMVO_GATEWAY', 'PROVIDER', 'OWN_CONNECTION')),
  website text,
  contact_email text,
  phone text,
  environments text[] not null default '{}',
  certified boolean not null default false,
  certified_at timestamptz,
  active boolean not null default true,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create unique index gateways_name_key on gateways (lower(name));

create table organisations (
  id uuid primary key default gen_random_uuid(),
  obp_number text not null unique,
  legal_name text not null,
  org_type text not null check (org_type in ('OPM', 'PD')),
  registration_number text,
  vat_number text,
  street text,
  house_number text,
  postal_code text,
  city text,
  country char(2),
  website text,
  phone text,
  email text,
  stage text not null check (stage in (
    'REGISTERED', 'INFORMATION', 'APPROVALS', 'TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE',
    'SUSPENDED', 'WITHDRAWN'
  )),
  legitimacy_status text not null default 'NOT_SUBMITTED',
  contractual_status text not null default 'NOT_SUBMITTED',
  financial_status text not null default 'NOT_SUBMITTED',
  gateway_id uuid references gateways (id),
  mah_count integer not null default 0,
  submitted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
-- The reviewers' list filters and sorts on these. Sort indexes end with id, the list's tie-breaker, so a
-- page is read in index order; the list's deferred join reads a deep page's keys from the index alone.
-- Free text searches name, number and email (domain.md), which trigram indexes serve for ILIKE '%text%'.
create index organisations_created_at_idx on organisations (created_at, id);
create index organisations_submitted_at_idx on organisations (submitted_at, id);
create index organisations_legal_name_idx on organisations (legal_name, id);
create index organisations_stage_idx on organisations (stage, country, created_at);
create index organisations_country_idx on organisations (country, legal_name);
create index organisations_legitimacy_idx on organisations (legitimacy_status, submitted_at);
create index organisations_gateway_idx on organisations (gateway_id);
create index organisations_legal_name_trgm on organisations using gin (legal_name gin_trgm_ops);
create index organisations_obp_number_trgm on organisations using gin (obp_number gin_trgm_ops);
create index organisations_email_trgm on organisations using gin (email gin_trgm_ops);

create table users (
  id uuid primary key default gen_random_uuid(),
  external_id text unique,
  email text not null,
  display_name text not null,
  -- A user may hold several roles (the demo has an ADMIN and EMVO account); the token's roles claim lists them.
  roles text[] not null default '{}' check (roles <@ array['ADMIN', 'EMVO', 'EXTERNAL']),
  organisation_id uuid references organisations (id),
  obp_role text check (obp_role in ('INITIAL_REQUESTER', 'SPOC', 'SPOC_ASSISTANT')),
  access text not null default 'FULL' check (access in ('FULL', 'READ_ONLY', 'REVOKED')),
  status text not null default 'ACTIVE' check (status in ('INVITED', 'ACTIVE', 'DISABLED')),
  -- Only the embedded identity provider reads this (scrypt); with Azure AD B2C it stays null.
  password_hash text,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create unique index users_email_key on users (lower(email));
create index users_organisation_idx on users (organisation_id);

create table contacts (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  kind text not null check (kind in ('SPOC', 'SPOC_ASSISTANT', 'AUTHORISED_REPRESENTATIVE')),
  first_name text not null,
  last_name text not null,
  function text,
  email text not null,
  phone text,
  copy_of_proof_file_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index contacts_organisation_idx on contacts (organisation_id);

create table mahs (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  name text not null,
  country char(2) not null,
  active_in text[] not null default '{}',
  website text,
  phone text,
  email text,
  licences text[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index mahs_organisation_idx on mahs (organisation_id);

create table mah_products (
  id uuid primary key default gen_random_uuid(),
  mah_id uuid not null references mahs (id) on delete cascade,
  name text not null,
  -- domain.md: a 14-digit GTIN or a 12-digit PPN.
  product_code text not null check (product_code ~ '^([0-9]{14}|[0-9]{12})$'),
  countries text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index mah_products_mah_idx on mah_products (mah_id);

create table checks (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  type text not null check (type in ('LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL')),
  status text not null,
  attempt integer not null default 1,
  submitted_at timestamptz,
  assignee text,
  decided_at timestamptz,
  decided_by text,
  reason text,
  sla_due_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  unique (organisation_id, type)
);
create index checks_queue_idx on checks (type, status, submitted_at);

-- Append-only: a row per transition of a check.
create table check_events (
  id uuid primary key default gen_random_uuid(),
  check_id uuid not null references checks (id) on delete cascade,
  from_status text,
  to_status text not null,
  actor text not null,
  role text not null,
  comment text,
  at timestamptz not null default now()
);
create index check_events_check_idx on check_events (check_id, at);

create table tooltips (
  id uuid primary key default gen_random_uuid(),
  key text not null unique check (key ~ '^[a-z0-9.]+$'),
  screen text not null,
  text text not null check (char_length(text) <= 500),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);

create table disclaimer_contents (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('LOGIN', 'REGISTRATION', 'PA_TICKBOX', 'IIF', 'FOOTER_LEGAL', 'PRIVACY')),
  version_number integer not null,
  title text not null,
  body text not null,
  status text not null check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  requires_acceptance boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  unique (type, version_number)
);
-- At most one published version per type.
create unique index disclaimer_contents_published_key on disclaimer_contents (type) where status = 'PUBLISHED';

-- spec §7 /links/{id}: named link lists such as footer-links.
create table links (
  id uuid primary key default gen_random_uuid(),
  list_id text not null check (list_id ~ '^[a-z0-9-]+$'),
  label text not null,
  link text not null,
  sort_order integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);
create index links_list_idx on links (list_id, sort_order);

create table audit_log (
  id bigint generated always as identity primary key,
  actor text not null,
  action text not null,
  entity text not null,
  entity_id text not null,
  diff jsonb,
  at timestamptz not null default now()
);
create index audit_log_entity_idx on audit_log (entity, entity_id, at);
