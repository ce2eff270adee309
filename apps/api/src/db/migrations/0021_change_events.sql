-- Live updates. Each write to a check, an application, a session token, a test run or a stage
-- records one change event in its own transaction and announces it with pg_notify('portal_changes', …)
-- (apps/api src/events/publish-change.ts); every API instance listens and passes it to its browsers. The
-- id is the SSE event id a browser resumes from (Last-Event-ID): the table keeps a bounded window (the last
-- day, at most 100,000 rows; modules/events/events-sweep.ts), older ids get a `reset`.
create table change_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('check', 'application', 'sessionToken', 'testRun', 'stage')),
  action text not null,
  entity_id uuid not null,
  organisation_id uuid,
  version integer,
  check_type text check (check_type in ('LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL')),
  actor text not null,
  actor_name text not null,
  at timestamptz not null default now()
);

-- The sweep deletes by age; the replay reads by id (the primary key).
create index change_events_at on change_events (at);

-- GET /api/events' credential: an EventSource sends no Authorization header, so an authenticated POST hands
-- out a ticket, stored as its SHA-256 only, valid for a minute and deleted when used (single use). It
-- holds who the token said the caller is, since the stream cannot check the token itself.
create table event_tickets (
  ticket_hash bytea primary key,
  subject text not null,
  email text,
  name text,
  roles text[] not null,
  -- An EXTERNAL caller's organisation, resolved when the ticket is issued (null: none, or not EXTERNAL).
  organisation_id uuid,
  expires_at timestamptz not null
);

create index event_tickets_expires_at on event_tickets (expires_at);

-- Who has a check open, each renewed every 20 s while it stays open; a row past its
-- expiry is nobody (read with expires_at > now(), swept with the events).
create table check_presence (
  check_id uuid not null references checks (id) on delete cascade,
  viewer text not null,
  viewer_name text not null,
  expires_at timestamptz not null,
  primary key (check_id, viewer)
);

create index check_presence_expires_at on check_presence (expires_at);
