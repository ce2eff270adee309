-- The admin landing's web vitals weigh each signed-in person once, and the table no longer grows with the
-- number of reports (web_vitals took a row per sample from anyone: anonymous reports could fill it and set
-- the landing's p75). A person's browser reports replace that person's reading of each vital, so the
-- table holds at most one row per person and vital; visitors' reports go to the instance's metrics only
-- (modules/vitals). The old samples are dropped: anyone could have written them.
drop table web_vitals;

create table web_vital_readings (
  -- The signed-in person: their token's subject.
  subject text not null,
  name text not null check (name in ('LCP', 'INP', 'CLS')),
  screen text not null,
  value double precision not null check (value >= 0),
  at timestamptz not null default now(),
  primary key (subject, name)
);

create index web_vital_readings_name_at on web_vital_readings (name, at);
