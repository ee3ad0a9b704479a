-- A comment written without signal carries an id the phone gave it (issue 43, decision 075): it
-- may be sent again when the signal comes and goes, and the server stores it once. The id is the
-- author's own: unique per author, so one reader's ids never collide with another's.
alter table comments add column client_id text;
create unique index comments_author_client_id on comments (user_id, client_id) where client_id is not null;
