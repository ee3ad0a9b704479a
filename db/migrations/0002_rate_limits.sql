-- Fixed-window counters for our own rate limits (comments, contact, sign-in forms),
-- shared by every instance on the same database.
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);
