-- One family, whichever way a child came in (issue 39, docs/decisions/066). A child who signed up
-- with an e-mail of their own and whose guardian consented through the mailed link is linked to
-- the adult account of that guardian's address (confirmed), at consent time or when that account
-- is confirmed later, so the child is listed in the adult's /familia beside the children they
-- added there. Deleting the adult's account unlinks the child and keeps them: the consent was
-- given by mail and stands on its own (the child has an address and a password of their own).
alter table guardian_consents
  add column guardian_id text references "user" ("id") on delete set null,
  -- The words the guardian accepted, stored word for word with the date (allowed_at), as a
  -- family's child's consent is (child_readers.consent_text): the receipt and the data pages
  -- quote them. Null for consents given before this column existed.
  add column consent_text text;
create index guardian_consents_guardian_idx on guardian_consents (guardian_id);
