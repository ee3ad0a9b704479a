-- Failed sign-ins per account (whatever the address they come from): after a few, the account
-- waits a growing while before the next try. A success or a quiet day clears the row.
create table sign_in_failures (
  email text primary key,
  failures integer not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz
);
create index sign_in_failures_last_idx on sign_in_failures (last_failure_at);
