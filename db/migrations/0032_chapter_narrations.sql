-- A chapter read aloud (issue 42, docs/decisions/074): one audio file per chapter and its word
-- timings (the EPUB 3 Media Overlays model: the n-th word of the text, begin and end in ms).
-- Kept in the database like uploaded images, so backups, restores and every instance have them;
-- served only to readers who may open the chapter (app/routes/narracion.$file.ts).
create table chapter_narrations (
  chapter_id text primary key references chapters (id) on delete cascade,
  audio bytea not null,
  content_type text not null,
  duration_ms integer not null check (duration_ms > 0),
  timings jsonb not null,
  -- What readers are told about the voice, e.g. 'Narración de demostración'; empty for none.
  label text not null default '',
  updated_at timestamptz not null default now()
);
