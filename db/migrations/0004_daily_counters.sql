-- Counts that must not add a row per event (for example scans of codes that do not exist):
-- one row per day and name, whatever a client sends.
create table daily_counters (
  day date not null,
  name text not null,
  count bigint not null default 0,
  primary key (day, name)
);
