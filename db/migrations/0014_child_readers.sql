-- Child readers (issue 22): accounts of children brought in by an adult who consents for them.
-- A child reader has no e-mail of their own and no password: they sign in with a picture and a
-- PIN on the family's device, or with a printed login card. The model is the adult who answers
-- for the child ("guardian_id"); classrooms reuse it with a teacher in that place.
create table child_readers (
  user_id text primary key references "user" ("id") on delete cascade,
  guardian_id text not null references "user" ("id") on delete cascade,
  -- One of the pictures of app/features/families/family-pictures.ts.
  picture text not null,
  -- better-auth's password hash (scrypt) of the PIN the adult set.
  pin_hash text not null,
  -- The consent (LOPDGDD art. 7, GDPR art. 8): who gave it, when, and to what (the text shown).
  consent_by_email text not null,
  consent_text text not null,
  consented_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index child_readers_guardian_idx on child_readers (guardian_id);

-- One working login card per reader: only the SHA-256 of its token is kept, and a new card
-- replaces the row, so the old one fails at once.
create table login_cards (
  user_id text primary key references "user" ("id") on delete cascade,
  token_hash text not null unique,
  issued_at timestamptz not null default now()
);

-- Deleting an adult's account deletes the child readers it answers for, on every path that
-- deletes an account ('Borrar mi cuenta', a guardian's refusal, an admin command), so no
-- child's account is left with nobody answering for it.
create function delete_child_readers_of_guardian() returns trigger language plpgsql as $$
begin
  delete from "user" where id in (select user_id from child_readers where guardian_id = old.id);
  return old;
end
$$;
create trigger user_delete_child_readers before delete on "user"
  for each row execute function delete_child_readers_of_guardian();
