-- A company's invitation of an address that has an account already (another company's person, an
-- internal user, an external account of no company). The users table holds one user per address, so the
-- invitation waits here: the company's people list shows it as an invited person, as it shows a new
-- address's invitation, so the answer tells nobody which addresses use the portal. Only an external
-- account of no company can accept it (through the link its mail carries); any other stays pending until
-- the company withdraws it.
create table person_invitations (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- The address and name as the company typed them: what its people list shows.
  email text not null,
  display_name text not null,
  obp_role text not null default 'SPOC_ASSISTANT' check (obp_role = 'SPOC_ASSISTANT'),
  access text not null default 'FULL' check (access in ('FULL', 'READ_ONLY')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by text not null,
  updated_by text not null,
  version integer not null default 1,
  unique (organisation_id, user_id)
);
create index person_invitations_user_idx on person_invitations (user_id);

-- The link mailed for such an invitation names it (and its user): using the link joins that company.
-- Withdrawing or accepting the invitation removes its links with it.
alter table account_tokens
  add column person_invitation_id uuid references person_invitations (id) on delete cascade;
create index account_tokens_person_invitation_idx on account_tokens (person_invitation_id);
