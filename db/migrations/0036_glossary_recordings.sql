-- Recorded pronunciations of glossary words (issue 44 §1, decision 077): short audio files an
-- admin uploads in /adminpanel/glosario, checked by parsing them (never run), kept in the
-- database like uploaded images and served at /media/<hash>.<ext>. A glossary word's audio_url
-- names one. Named by their content: the same file uploaded twice is one row.
create table glossary_recordings (
  hash text primary key check (hash ~ '^[0-9a-f]{32}$'),
  -- One of the types phones record, matching the address's ending.
  extension text not null check (extension in ('m4a', 'mp3', 'ogg', 'webm', 'wav')),
  content_type text not null,
  data bytea not null check (length(data) between 1 and 307200),
  duration_ms integer not null check (duration_ms > 0),
  -- The demo's synthetic recordings say so in the admin.
  demo boolean not null default false,
  created_at timestamptz not null default now()
);
