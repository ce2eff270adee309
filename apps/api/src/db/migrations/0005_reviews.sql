-- The reviewers' queues (issue: the three queues) and the documents of the contractual and financial checks.

-- domain.md ParticipationAgreement: the agreement the company signed, on a template version, with its two
-- required tick boxes. Its status is the CONTRACTUAL check's.
create table participation_agreements (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null unique references organisations (id) on delete cascade,
  template_version integer not null check (template_version >= 1),
  signed_file_id uuid references stored_files (id),
  accepted_terms boolean not null default false,
  confirmed_authority boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1
);

-- domain.md InvoicingInformation: the declared MAH count and its fee (EUR cents), the billing details, the
-- uploaded form, then the reviewer's invoicing and the payment. Its status is the FINANCIAL check's.
create table invoicing_information (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null unique references organisations (id) on delete cascade,
  declared_mah_count integer not null check (declared_mah_count >= 0),
  fee_cents integer not null check (fee_cents >= 0),
  billing jsonb not null default '{}',
  form_file_id uuid references stored_files (id),
  invoice_number text,
  invoiced_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  -- Invoiced before paid, and an invoice has its number.
  check (paid_at is null or invoiced_at is not null),
  check ((invoiced_at is null) = (invoice_number is null))
);
