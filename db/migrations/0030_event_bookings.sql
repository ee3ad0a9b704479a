-- Bookings taken by the site itself (issue 40 §3, decision 070). An event whose booking link is
-- this site's own booking page ('/reservation') takes bookings here: its seats are counted in
-- events.seats_taken, moved only by one conditional UPDATE per booking or cancellation (atomic
-- on PGlite and across instances on PostgreSQL: the row's lock serialises them and the WHERE is
-- checked again on the row each one finally sees). A full event then shows '¡Cupo lleno!' by
-- itself; sold_out stays the organiser's own switch.
alter table events add column seats_taken integer not null default 0 check (seats_taken >= 0);

create table event_bookings (
  id text primary key default gen_random_uuid()::text,
  event_id text not null references events (id) on delete cascade,
  -- The adult who booked: what the organiser needs at the door, and where the cancel link goes.
  name text not null check (length(name) between 1 and 80),
  email text not null check (length(email) between 3 and 254),
  children integer not null check (children between 0 and 10),
  adults integer not null check (adults between 0 and 10),
  -- 'booked' holds seats; 'waiting' is on the waiting list, in created_at order, holds none.
  status text not null check (status in ('booked', 'waiting')),
  -- The cancel link's token, hashed (sha-256): a copy of the database cannot cancel anyone.
  token_hash text not null unique,
  attended boolean not null default false,
  created_at timestamptz not null default now(),
  check (children + adults between 1 and 10)
);
create index event_bookings_event_idx on event_bookings (event_id, status, created_at);

-- Every instance keeps visitors' pages (the calendar) in memory: a change to an event, its seats
-- included, tells them all (the channel and function of 0021_change_notices.sql).
create trigger events_changed after insert or update or delete or truncate on events
  for each statement execute function notify_content_changed();

-- The demo's bookable event led to the contact form (decision 024); it now takes bookings here.
update events set booking_url = '/reservation' where booking_url = '/contact';
