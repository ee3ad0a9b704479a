-- The QR studio (issue 13): admins label codes, deactivate them and change them after printing.
alter table qr_codes add column label text not null default '';
alter table qr_codes add column active boolean not null default true;
alter table qr_codes add column updated_at timestamptz not null default now();
-- Scans are page views of /qr/{code}: the studio counts them per code and day.
create index page_views_path_created_idx on page_views (path, created_at);

-- The chapter editor: authors write Markdown; `content` keeps the HTML made from it, sanitised
-- once when saved (the seed's own HTML is sanitised when seeded).
alter table chapters add column content_markdown text not null default '';

-- Uploaded images (issue 13): re-encoded to WebP and kept in the database, so every instance
-- serves them. Keyed by a hash of the stored bytes: the URL changes whenever the image does.
-- No column names a user, so deleting an account never deletes an image a page still shows.
create table images (
  hash text primary key,
  content_type text not null,
  data bytea not null,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
