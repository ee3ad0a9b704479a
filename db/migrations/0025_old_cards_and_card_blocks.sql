-- Reprinted cards are recognised (issue 39, docs/decisions/063). A card that a new one replaced
-- keeps its token's SHA-256 here for a year (pruned by the hourly housekeeping), so scanning it
-- says 'Esta tarjeta es vieja' and never counts toward the card-guess limit of its address.
-- Deleting the reader's account deletes them too: nothing of a deleted child is kept.
-- (The cards 0023 revoked were deleted before this table existed: they stay unknown.)
create table old_login_cards (
  token_hash text primary key,
  user_id text not null references "user" ("id") on delete cascade,
  revoked_at timestamptz not null default now()
);
create index old_login_cards_user_idx on old_login_cards (user_id);
create index old_login_cards_revoked_idx on old_login_cards (revoked_at);

-- A class's real card refused at an address past the card-guess limit: the class's page then
-- shows the teacher that the address is blocked, with 'Desbloquear'. An unknown token belongs to
-- no class, so the refusal of a real one is what ties the block to a class. Kept a day at most,
-- like the limits' own counters (the address is the school's, as in rate_limits' keys).
create table class_card_refusals (
  class_id text not null references classes ("id") on delete cascade,
  address text not null,
  refused_at timestamptz not null default now(),
  primary key (class_id, address)
);
create index class_card_refusals_refused_idx on class_card_refusals (refused_at);
