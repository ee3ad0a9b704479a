-- Age question at sign-up and guardian consent for readers under 14 (LOPDGDD art. 7).

-- The answer to 'Año de nacimiento'. Null: not answered yet (an account made through Google,
-- or one made before this question existed); such an account must answer before anything else.
alter table profiles add column birth_year integer check (birth_year between 1900 and 2100);

-- One row per child's account. It stays when the reader later raises their age: only the
-- guardian's answer changes it. A refusal deletes the user, and this row with it.
create table guardian_consents (
  user_id text primary key references "user" ("id") on delete cascade,
  -- Null until the child gives it (an adult who lowers their age in /tu-perfil).
  guardian_email text,
  -- SHA-256 of the one link that works now; null once used (or before the first e-mail).
  token_hash text unique,
  token_expires_at timestamptz,
  -- When the last e-mail was sent.
  mailed_at timestamptz,
  allowed_at timestamptz,
  created_at timestamptz not null default now()
);
