-- The book's glossary (issue 44 §1, decision 077): words of the story's culture that many young
-- readers do not know, each with a short meaning for children, kept by authors in
-- /adminpanel/glosario. A chapter marks each word at its first occurrence; /glosario lists the
-- words a reader has met. The id names the word's card on a chapter page (glosario-<id>).
create table glossary_words (
  id text primary key default gen_random_uuid()::text check (id ~ '^[a-z0-9-]{1,64}$'),
  -- The word as the card shows it, and the other forms a chapter may use (plurals, variants).
  word text not null check (length(word) between 1 and 60),
  forms text[] not null default '{}',
  -- Spanish, for children: one or two short sentences.
  meaning text not null check (length(meaning) between 1 and 400),
  english text not null default '' check (length(english) <= 120),
  -- A picture of this site ('/images/…' or '/media/…') and its alt text: both or neither.
  image_url text not null default '' check (length(image_url) <= 300),
  image_alt text not null default '' check (length(image_alt) <= 200),
  -- A recorded pronunciation of this site (an audio file's path), or ''.
  audio_url text not null default '' check (length(audio_url) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (image_url = '' or image_alt <> '')
);
-- One entry per word, whatever its capitals.
create unique index glossary_words_word_idx on glossary_words (lower(word));

-- Chapter pages and /glosario are kept in each instance's memory: a change here tells them all
-- (the channel and function of 0021_change_notices.sql).
create trigger glossary_words_changed after insert or update or delete or truncate on glossary_words
  for each statement execute function notify_content_changed();
