-- The documents of the contractual and financial steps: the agreement template's versions, the
-- tick boxes' text version an agreement was ticked on, and what earlier invoicing forms were invoiced.

-- domain.md "Contractual": the current agreement template is a stored file (purpose AGREEMENT_TEMPLATE) an
-- administrator publishes; the current one is the highest version. A new version asks every company that
-- signed an older one to sign again.
create table agreement_templates (
  version integer primary key check (version >= 1),
  file_id uuid not null unique references stored_files (id),
  published_at timestamptz not null default now(),
  published_by text not null
);

-- The PA_TICKBOX disclaimer version whose two statements the company ticked: a box ticked on an older
-- text no longer counts.
alter table participation_agreements
  add column tick_boxes_disclaimer_id uuid references disclaimer_contents (id);

-- What the company's earlier invoicing forms were invoiced (EUR cents): after a top-up, the new form's fee
-- less this is what is left to invoice.
alter table invoicing_information
  add column invoiced_before_cents integer not null default 0 check (invoiced_before_cents >= 0);

-- The template a new version compares each agreement with.
create index participation_agreements_template_idx on participation_agreements (template_version);
