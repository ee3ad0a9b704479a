-- Addresses that carry a credential are no longer stored (docs/decisions/053): what was stored
-- before goes. Page views of a login card (/entrar/<token>), a guardian's link
-- (/permiso-familiar/<token>) or a reset link (/api/auth/reset-password/<token>) are counted as
-- the redacted path ("/entrar/…"), as recordPageView stores them from now on, so the statistics
-- keep their figures and lose only the tokens. The path is read as the router reads it, as
-- app/lib/secret-paths.ts does: percent escapes decoded (again while any is left), backslashes as
-- slashes, repeated slashes as one, any case.
create function secret_path_unescape(path text) returns text language plpgsql immutable as $$
declare
  found text[];
begin
  loop
    found := regexp_match(path, '%([2-7][0-9a-fA-F])');
    exit when found is null;
    path := replace(replace(path, '%' || upper(found[1]), chr(('x' || found[1])::bit(8)::int)),
      '%' || lower(found[1]), chr(('x' || found[1])::bit(8)::int));
  end loop;
  return path;
end
$$;

-- The path as the router compares it (case kept: a token's case is its own).
create function secret_path_seen(path text) returns text language sql immutable as $$
  select regexp_replace(secret_path_unescape(split_part(split_part(path, '?', 1), '#', 1)), '[/\\]+', '/', 'g')
$$;

-- "/entrar/…" for a path that carries a secret, else null.
create function secret_path_redacted(path text) returns text language sql immutable as $$
  select '/' || lower(m[1]) || '/…'
  from regexp_match(secret_path_seen(path), '^/(entrar|permiso-familiar|api/auth/reset-password)/.', 'i') as m
$$;

-- Printed cards whose address was stored are exposed (in a view, or in a day count, which
-- outlives the views: 731 days against 400): anyone who read the statistics, their
-- CSVs or a copy of the database could sign in as that child. They stop working (only the
-- SHA-256 of a token is kept, computed here as child-readers.server.ts does), and the sessions
-- they opened end; the family or teacher prints a new card ('Hacer una tarjeta nueva').
create temporary table exposed_readers on commit drop as
  select card.user_id
  from login_cards card
  where card.token_hash in (
    select encode(sha256(convert_to(m[1], 'UTF8')), 'hex')
    from (select path from page_views union select path from page_view_days) as stored,
      regexp_match(secret_path_seen(path), '^/entrar/([A-Za-z0-9_-]{24})(?:[./]|$)', 'i') as m
  );
delete from session where "userId" in (select user_id from exposed_readers);
delete from login_cards where user_id in (select user_id from exposed_readers);

-- The day counts (kept by a trigger on inserts only) are merged into the redacted path's, then
-- the views themselves are rewritten. A guardian's page was already counted as
-- /permiso-familiar: it joins /permiso-familiar/… so the page has one line.
insert into page_view_days (day, path, views)
  select day, coalesce(secret_path_redacted(path), '/permiso-familiar/…'), sum(views)
  from page_view_days
  where (secret_path_redacted(path) is not null and secret_path_redacted(path) <> path) or path = '/permiso-familiar'
  group by 1, 2 order by 1, 2
on conflict (day, path) do update set views = page_view_days.views + excluded.views;
delete from page_view_days
  where (secret_path_redacted(path) is not null and secret_path_redacted(path) <> path) or path = '/permiso-familiar';

update page_views set path = coalesce(secret_path_redacted(path), '/permiso-familiar/…')
  where secret_path_redacted(path) is not null or path = '/permiso-familiar';

drop function secret_path_redacted(text);
drop function secret_path_seen(text);
drop function secret_path_unescape(text);
