-- The whole data model of DESIGN.md. Later migrations only add; never edit an applied one.

-- better-auth's own tables (columns are better-auth's camelCase names).
create table "user" (
  "id" text not null primary key,
  "name" text not null,
  "email" text not null unique,
  "emailVerified" boolean not null,
  "image" text,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);

create table "session" (
  "id" text not null primary key,
  "expiresAt" timestamptz not null,
  "token" text not null unique,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null,
  "ipAddress" text,
  "userAgent" text,
  "userId" text not null references "user" ("id") on delete cascade
);
create index "session_userId_idx" on "session" ("userId");

create table "account" (
  "id" text not null primary key,
  "accountId" text not null,
  "providerId" text not null,
  "userId" text not null references "user" ("id") on delete cascade,
  "accessToken" text,
  "refreshToken" text,
  "idToken" text,
  "accessTokenExpiresAt" timestamptz,
  "refreshTokenExpiresAt" timestamptz,
  "scope" text,
  "password" text,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null
);
create index "account_userId_idx" on "account" ("userId");

create table "verification" (
  "id" text not null primary key,
  "identifier" text not null,
  "value" text not null,
  "expiresAt" timestamptz not null,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);
create index "verification_identifier_idx" on "verification" ("identifier");

-- Rate-limit counters shared by every instance (better-auth's and ours).
create table "rateLimit" (
  "id" text not null primary key,
  "key" text not null unique,
  "count" integer not null,
  "lastRequest" bigint not null
);

-- Content
create table characters (
  id text primary key default gen_random_uuid()::text,
  name text not null check (length(name) between 1 and 120),
  subtitle text not null default '',
  description text not null default '',
  image_url text not null default '',
  position text not null default 'center',
  sort_order integer not null default 0 check (sort_order >= 0),
  power text not null default '',
  weakness text not null default '',
  color text not null default '',
  place text not null default '',
  tags text[] not null default '{}',
  required_url text,
  required_url_text text not null default '',
  style text not null default 'basic' check (style in ('basic', 'special', 'rare', 'event')),
  created_at timestamptz not null default now(),
  created_by text,
  updated_at timestamptz not null default now(),
  updated_by text
);
create index characters_required_url_idx on characters (required_url);

create table chapters (
  id text primary key,
  sort_order integer not null,
  number integer,
  slug text not null unique,
  title text not null,
  subtitle text not null default '',
  description text not null default '',
  content text not null default '',
  -- The route that opens the chapter (its token path) and unlocks it.
  required_url text not null unique,
  required_url_text text not null default '',
  hidden boolean not null default false,
  layout text not null check (layout in ('first', 'second', 'special', 'placeholder')),
  requires_sign_in boolean not null default true,
  -- Whether the page also answers at /{slug} (first layout).
  slug_route boolean not null default false,
  decorative_image text not null default '',
  number_image text not null default '',
  images jsonb not null default '[]',
  background text not null default '',
  comment_prompt text not null default '',
  updated_at timestamptz not null default now()
);

create table qr_codes (
  code text primary key,
  redirect_to text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);

-- Readers
create table profiles (
  user_id text primary key references "user" ("id") on delete cascade,
  email text not null default '',
  display_name text not null default '',
  age integer check (age between 1 and 120),
  bio text not null default '',
  website text not null default '',
  clan smallint not null default 0 check (clan between 0 and 4),
  last_updated timestamptz not null default now()
);
create index profiles_email_idx on profiles (lower(email));

create table admins (
  user_id text primary key references "user" ("id") on delete cascade,
  email text not null,
  created_at timestamptz not null default now()
);

create table comments (
  id text primary key default gen_random_uuid()::text,
  section_id text not null,
  user_id text not null references "user" ("id") on delete cascade,
  user_name text not null,
  text text not null check (length(text) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index comments_section_idx on comments (section_id, created_at desc);

create table unlocked_characters (
  user_id text not null references "user" ("id") on delete cascade,
  character_id text not null references characters (id) on delete cascade,
  unlocked_at timestamptz not null default now(),
  primary key (user_id, character_id)
);

create table unlocked_chapters (
  user_id text not null references "user" ("id") on delete cascade,
  chapter_id text not null references chapters (id) on delete cascade,
  unlocked_at timestamptz not null default now(),
  primary key (user_id, chapter_id)
);

-- Contact mail: stored first, delivered later with retries.
create table contact_messages (
  id text primary key default gen_random_uuid()::text,
  name text not null,
  email text not null,
  comment text not null,
  is_spam boolean not null default false,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  delivered_at timestamptz,
  handled_at timestamptz
);
create index contact_messages_pending_idx on contact_messages (next_attempt_at) where delivered_at is null and not is_spam;

-- First-party analytics: no personal data.
create table page_views (
  id bigserial primary key,
  path text not null,
  title text not null default '',
  created_at timestamptz not null default now()
);
create index page_views_created_idx on page_views (created_at);
