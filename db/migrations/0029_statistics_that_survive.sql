-- History that survives (issue 40, decision 069). The day counts of migration 0019 followed the
-- live rows: closing a class or deleting an account subtracted its sign-up, unlocks and comments,
-- so last month's figures fell. From now on stats_days only grows: a count says what happened on
-- a day (an account created, a chapter unlocked, a comment written), and a count names nobody,
-- so it stays when the rows it came from are deleted. The rows themselves still go (deletions
-- are real); only the anonymous numbers of 0019 outlive them.

-- Sign-ups and unlocks: a deletion subtracts nothing any more.
drop trigger user_count_days_delete on "user";
drop trigger unlocked_chapters_count_days_delete on unlocked_chapters;
drop trigger unlocked_characters_count_days_delete on unlocked_characters;

-- Comments: approving or hiding one still moves it between states; deleting one (its author, a
-- moderator, the account's or the class's deletion) moves it to the state 'deleted', so the
-- comments written on a day stay counted and the live states stay true.
create or replace function count_comment_days() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into stats_days (metric, day, key, count)
      select 'comments', (created_at at time zone 'UTC')::date, section_id || ' ' || status, -count(*) from old_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into stats_days (metric, day, key, count)
      select 'comments', (created_at at time zone 'UTC')::date, section_id || ' ' || status, count(*) from new_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  if tg_op = 'DELETE' then
    insert into stats_days (metric, day, key, count)
      select 'comments', (created_at at time zone 'UTC')::date, section_id || ' deleted', count(*) from old_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  return null;
end
$$;

-- Active readers without knowing who. A reader is active on a day when they unlock something or
-- write a comment. Each open day (today and yesterday, UTC) has a random salt; the day's set
-- holds sha256(salt || account id) for every reader active that day, never the id. A mark
-- inserted for the first time adds one to the day's count ('active-readers' in stats_days) in
-- the same statement; a mark already there (the same reader again, on this instance or another)
-- conflicts on the primary key and adds nothing, so a reader counts once a day whatever the
-- number of instances. When a new day opens (its salt is created), the salts and marks of the
-- days before yesterday are deleted: without its salt a mark cannot be tested against an
-- account, and without the marks only the day's number is left. An event dated on a closed day
-- (an import with old dates) counts no active reader: its day's set is gone.
create table active_reader_salts (
  day date primary key,
  salt text not null
);
create table active_reader_marks (
  day date not null,
  mark bytea not null,
  primary key (day, mark)
);

-- The events of a statement, as (day, account) pairs: counted once per reader and open day.
create function count_active_readers(events_day date[], events_user text[]) returns void language plpgsql as $$
declare
  open_from date := (now() at time zone 'UTC')::date - 1;
  opened bigint;
begin
  insert into active_reader_salts (day, salt)
    select day, gen_random_uuid()::text || gen_random_uuid()::text
    from (select distinct day from unnest(events_day) as e(day) where day >= open_from) as open_days
    order by day
  on conflict (day) do nothing;
  get diagnostics opened = row_count;
  if opened > 0 then
    delete from active_reader_marks where day < open_from;
    delete from active_reader_salts where day < open_from;
  end if;
  with added as (
    insert into active_reader_marks (day, mark)
      select distinct e.day, sha256(convert_to(s.salt || e.user_id, 'UTF8'))
      from unnest(events_day, events_user) as e(day, user_id)
      join active_reader_salts s on s.day = e.day
      where e.day >= open_from
      order by 1, 2
    on conflict do nothing
    returning day
  )
  insert into stats_days (metric, day, key, count)
    select 'active-readers', day, '', count(*) from added group by day order by day
  on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
end
$$;

-- The triggers of 0019 call this function: it now marks the day's set instead of writing
-- reader_days (one row per account and day, which named the account).
create or replace function count_reader_days() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'comments' then
    perform count_active_readers(array_agg((created_at at time zone 'UTC')::date), array_agg(user_id)) from new_rows;
  else
    perform count_active_readers(array_agg((unlocked_at at time zone 'UTC')::date), array_agg(user_id)) from new_rows;
  end if;
  return null;
end
$$;

-- What is stored today. stats_days already holds the live rows' counts (0019's triggers kept it
-- so); active readers per day are counted from the live unlocks and comments of every day,
-- and today's and yesterday's readers are marked, so that they are not counted again today.
with events as (
  select (created_at at time zone 'UTC')::date as day, user_id from comments
  union
  select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_chapters
  union
  select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_characters
)
insert into stats_days (metric, day, key, count)
  select 'active-readers', day, '', count(*) from events group by day order by day
on conflict (metric, day, key) do update set count = excluded.count;

insert into active_reader_salts (day, salt)
  select day, gen_random_uuid()::text || gen_random_uuid()::text
  from (select (now() at time zone 'UTC')::date as day union select (now() at time zone 'UTC')::date - 1) as open_days;
insert into active_reader_marks (day, mark)
  select distinct e.day, sha256(convert_to(s.salt || e.user_id, 'UTF8'))
  from (
    select (created_at at time zone 'UTC')::date as day, user_id from comments
    union
    select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_chapters
    union
    select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_characters
  ) as e
  join active_reader_salts s on s.day = e.day;

-- reader_days named the account on each active day: emptied, and no longer written. The table
-- stays for the release after (an instance of the previous version still reads it during a
-- roll), then goes.
delete from reader_days;
