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
    select (created_at at time zone 'UTC')::date, path, count(*) from inserted_views group by 1, 2
  on conflict (day, path) do update set views = page_view_days.views + excluded.views;
  return null;
end
$$;

create trigger page_views_count_days after insert on page_views
  referencing new table as inserted_views for each statement execute function page_view_days_add();

-- The views stored so far.
insert into page_view_days (day, path, views)
  select (created_at at time zone 'UTC')::date, path, count(*) from page_views group by 1, 2;

-- Statistics over a period: unlocks, comments and sign-ups by time (active readers, per day).
create index unlocked_chapters_at_idx on unlocked_chapters (unlocked_at);
create index unlocked_characters_at_idx on unlocked_characters (unlocked_at);
create index comments_created_idx on comments (created_at);
