-- Authors' statistics (issue 25): page views counted per UTC day and path, so the statistics
-- page reads a few thousand rows instead of a year of views. Kept by a statement trigger on
-- page_views (one grouped upsert per statement, whether it stores one view or a million).
-- The counts outlive the views: views are forgotten after 400 days, while a year is compared
-- with the year before, so deleting views subtracts nothing; the day counts are pruned on
-- their own (app/features/analytics/page-views.server.ts).
create table page_view_days (
  day date not null,
  path text not null,
  views bigint not null,
  primary key (day, path)
);

create function page_view_days_add() returns trigger language plpgsql as $$
begin
  insert into page_view_days (day, path, views)
    select (created_at at time zone 'UTC')::date, path, count(*) from inserted_views group by 1, 2 order by 1, 2
  on conflict (day, path) do update set views = page_view_days.views + excluded.views;
  return null;
end
$$;

create trigger page_views_count_days after insert on page_views
  referencing new table as inserted_views for each statement execute function page_view_days_add();

-- The views stored so far.
insert into page_view_days (day, path, views)
  select (created_at at time zone 'UTC')::date, path, count(*) from page_views group by 1, 2;

-- The other figures counted by day the same way: sign-ups, comments by chapter and state,
-- chapter and character unlocks. A statement's rows are added (insert), subtracted (delete,
-- including an account's deletion cascading to its rows) or moved (a comment approved or
-- hidden), so the counts always match the rows and a deleted reader leaves no trace in them.
-- Keys are sorted in each upsert, so two writers always lock the rows in the same order.
create table stats_days (
  metric text not null,
  day date not null,
  key text not null,
  count bigint not null,
  primary key (metric, day, key)
);

-- Each function reads the statement's transition tables (old_rows, new_rows) by the
-- operation: one trigger per operation, as PostgreSQL allows transition tables only then.
create function count_sign_up_days() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE') then
    insert into stats_days (metric, day, key, count)
      select 'sign-ups', ("createdAt" at time zone 'UTC')::date, '', -count(*) from old_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  if tg_op in ('INSERT') then
    insert into stats_days (metric, day, key, count)
      select 'sign-ups', ("createdAt" at time zone 'UTC')::date, '', count(*) from new_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  return null;
end
$$;

create function count_comment_days() returns trigger language plpgsql as $$
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
  return null;
end
$$;

create function count_chapter_unlock_days() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE') then
    insert into stats_days (metric, day, key, count)
      select 'chapter-unlocks', (unlocked_at at time zone 'UTC')::date, chapter_id, -count(*) from old_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  if tg_op in ('INSERT') then
    insert into stats_days (metric, day, key, count)
      select 'chapter-unlocks', (unlocked_at at time zone 'UTC')::date, chapter_id, count(*) from new_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  return null;
end
$$;

create function count_character_unlock_days() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE') then
    insert into stats_days (metric, day, key, count)
      select 'character-unlocks', (unlocked_at at time zone 'UTC')::date, character_id, -count(*) from old_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  if tg_op in ('INSERT') then
    insert into stats_days (metric, day, key, count)
      select 'character-unlocks', (unlocked_at at time zone 'UTC')::date, character_id, count(*) from new_rows group by 2, 3 order by 2, 3
    on conflict (metric, day, key) do update set count = stats_days.count + excluded.count;
  end if;
  return null;
end
$$;

create trigger user_count_days_insert after insert on "user"
  referencing new table as new_rows for each statement execute function count_sign_up_days();
create trigger user_count_days_delete after delete on "user"
  referencing old table as old_rows for each statement execute function count_sign_up_days();
create trigger comments_count_days_insert after insert on comments
  referencing new table as new_rows for each statement execute function count_comment_days();
create trigger comments_count_days_update after update on comments
  referencing old table as old_rows new table as new_rows for each statement execute function count_comment_days();
create trigger comments_count_days_delete after delete on comments
  referencing old table as old_rows for each statement execute function count_comment_days();
create trigger unlocked_chapters_count_days_insert after insert on unlocked_chapters
  referencing new table as new_rows for each statement execute function count_chapter_unlock_days();
create trigger unlocked_chapters_count_days_delete after delete on unlocked_chapters
  referencing old table as old_rows for each statement execute function count_chapter_unlock_days();
create trigger unlocked_characters_count_days_insert after insert on unlocked_characters
  referencing new table as new_rows for each statement execute function count_character_unlock_days();
create trigger unlocked_characters_count_days_delete after delete on unlocked_characters
  referencing old table as old_rows for each statement execute function count_character_unlock_days();

-- What is stored so far.
insert into stats_days (metric, day, key, count)
  select 'sign-ups', ("createdAt" at time zone 'UTC')::date, '', count(*) from "user" group by 2;
insert into stats_days (metric, day, key, count)
  select 'comments', (created_at at time zone 'UTC')::date, section_id || ' ' || status, count(*) from comments group by 2, 3;
insert into stats_days (metric, day, key, count)
  select 'chapter-unlocks', (unlocked_at at time zone 'UTC')::date, chapter_id, count(*) from unlocked_chapters group by 2, 3;
insert into stats_days (metric, day, key, count)
  select 'character-unlocks', (unlocked_at at time zone 'UTC')::date, character_id, count(*) from unlocked_characters group by 2, 3;

-- Active readers: the days on which each account unlocked something or wrote a comment, so
-- "readers active in the last 7 days" reads one narrow row per reader and day instead of every
-- unlock and comment. Nothing new is learnt (those rows carry their times already); the days
-- go with the account, and after 60 days (app/features/analytics/page-views.server.ts).
create table reader_days (
  day date not null,
  user_id text not null references "user" ("id") on delete cascade,
  primary key (day, user_id)
);
create index reader_days_user_idx on reader_days (user_id);

create function count_reader_days() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'comments' then
    insert into reader_days (day, user_id)
      select distinct (created_at at time zone 'UTC')::date, user_id from new_rows order by 1, 2
    on conflict do nothing;
  else
    insert into reader_days (day, user_id)
      select distinct (unlocked_at at time zone 'UTC')::date, user_id from new_rows order by 1, 2
    on conflict do nothing;
  end if;
  return null;
end
$$;
create trigger comments_reader_days after insert on comments
  referencing new table as new_rows for each statement execute function count_reader_days();
create trigger unlocked_chapters_reader_days after insert on unlocked_chapters
  referencing new table as new_rows for each statement execute function count_reader_days();
create trigger unlocked_characters_reader_days after insert on unlocked_characters
  referencing new table as new_rows for each statement execute function count_reader_days();

insert into reader_days (day, user_id)
  select (created_at at time zone 'UTC')::date, user_id from comments where created_at >= now() - interval '61 days'
  union
  select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_chapters where unlocked_at >= now() - interval '61 days'
  union
  select (unlocked_at at time zone 'UTC')::date, user_id from unlocked_characters where unlocked_at >= now() - interval '61 days';

-- Reports in a period, joined to their comments.
create index comment_reports_created_idx on comment_reports (created_at);
