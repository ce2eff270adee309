-- Core Web Vitals the browsers report (POST /api/vitals), for the admin landing's last
-- day p75. Rows older than two days are deleted as new ones come (modules/vitals), so the table stays small.
create table web_vitals (
  id bigint generated always as identity primary key,
  screen text not null,
  name text not null check (name in ('LCP', 'INP', 'CLS')),
  value double precision not null check (value >= 0),
  at timestamptz not null default now()
);

create index web_vitals_name_at on web_vitals (name, at);
