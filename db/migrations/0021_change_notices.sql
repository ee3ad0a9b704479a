-- Every instance keeps signed-in readers' sessions and facts in memory for a few seconds
-- (app/lib/session-cache.server.ts, docs/decisions/039). Whatever could make a kept copy wrong
-- tells every instance at once, whichever path wrote it (better-auth, a page's action, the
-- admin command, a cascade from a deleted account): "reader:<their id>" on the channel
-- "data_changed". Inserting a session is not a change: nothing kept can depend on it.
create function notify_reader_changed() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then
    changed := old;
  else
    changed := new;
  end if;
  if tg_table_name = 'user' then
    perform pg_notify('data_changed', 'reader:' || changed."id");
  elsif tg_table_name = 'session' then
    perform pg_notify('data_changed', 'reader:' || changed."userId");
    -- A session moved to another account (never done, but then both readers change).
    if tg_op = 'UPDATE' and old."userId" <> new."userId" then
      perform pg_notify('data_changed', 'reader:' || old."userId");
    end if;
  else
    perform pg_notify('data_changed', 'reader:' || changed.user_id);
    if tg_op = 'UPDATE' and old.user_id <> new.user_id then
      perform pg_notify('data_changed', 'reader:' || old.user_id);
    end if;
  end if;
  return null;
end;
$$;

create trigger user_changed after update or delete on "user"
  for each row execute function notify_reader_changed();
create trigger session_changed after update or delete on "session"
  for each row execute function notify_reader_changed();
create trigger profile_changed after insert or update or delete on profiles
  for each row execute function notify_reader_changed();
create trigger admin_changed after insert or update or delete on admins
  for each row execute function notify_reader_changed();
create trigger child_reader_changed after insert or update or delete on child_readers
  for each row execute function notify_reader_changed();

-- The books' content (chapters and characters) kept in memory by every instance
-- (app/lib/content-cache.server.ts) is dropped on any change to it, by any path:
-- "content:<table>" on the same channel.
create function notify_content_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('data_changed', 'content:' || tg_table_name);
  return null;
end;
$$;

create trigger chapters_changed after insert or update or delete or truncate on chapters
  for each statement execute function notify_content_changed();
create trigger characters_changed after insert or update or delete or truncate on characters
  for each statement execute function notify_content_changed();
