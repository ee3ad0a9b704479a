-- Accounts made while the site had no mail server keep working once SMTP_URL is set (issue 41,
-- docs/decisions/071). Sign-up without mail could not ask anyone to confirm an address, so it
-- signed the reader in at once; setting SMTP_URL later asked every such reader to confirm before
-- signing in again. New accounts made without mail now count as confirmed when they are made
-- (app/lib/auth.server.ts); this does the same for the accounts from before that rule. An e-mail
-- account that is unconfirmed yet was used signed in (a session, a comment, an unlock) can only
-- have been made without mail: with mail, an unconfirmed account never gets a session. An
-- account made with mail and never confirmed has none of these, and still has to confirm.
update "user" u
set "emailVerified" = true, "updatedAt" = now()
where not u."emailVerified"
  and exists (select 1 from "account" a where a."userId" = u.id and a."providerId" = 'credential')
  and (
    exists (select 1 from "session" s where s."userId" = u.id)
    or exists (select 1 from comments c where c.user_id = u.id)
    or exists (select 1 from unlocked_chapters uc where uc.user_id = u.id)
    or exists (select 1 from unlocked_characters uh where uh.user_id = u.id)
  );
