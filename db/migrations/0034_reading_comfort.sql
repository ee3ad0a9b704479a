-- Reading comfort (issue 44, sections 2 and 3; docs/decisions/076).
-- A reader's reading settings ('Aa': text size, spacing, line spacing, theme), so another device
-- they sign in on gets them too; a visitor's stay in a cookie on their own device only. The
-- value is the cookie's own short text (app/lib/reading-settings-cookie.ts), checked there.
create table reading_settings (
  user_id text primary key references "user" ("id") on delete cascade,
  settings text not null check (length(settings) <= 64),
  updated_at timestamptz not null default now()
);

-- Where a reader left each chapter: the paragraph at the top of their screen when they left
-- ('Seguir donde me quedé'), and a chapter with a row here counts as started in the passport.
-- Readers only (nothing is kept for visitors); it goes with the account and with the chapter.
create table reading_positions (
  user_id text not null references "user" ("id") on delete cascade,
  chapter_id text not null references chapters (id) on delete cascade,
  paragraph integer not null check (paragraph >= 0 and paragraph < 10000),
  updated_at timestamptz not null default now(),
  primary key (user_id, chapter_id)
);
