-- Why a child's guardian has not received the consent e-mail (decision 031): the site could not
-- send mail (no SMTP_URL) or the mail server refused it. Null once an e-mail has left. The child
-- is then told what happened and shown the family path; admins see the counts with the reason.
alter table guardian_consents
  add column mail_problem text check (mail_problem in ('not-configured', 'send-failed')),
  add column mail_problem_at timestamptz;
