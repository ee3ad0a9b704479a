-- More of what a signed-in page reads is kept in memory by every instance (docs/decisions/041):
-- the reader's guardian consent, classes (as a student and as a teacher) and unlocked characters
-- join the reader's kept facts, so their changes say "reader:<id>" like 0021's tables; a
-- chapter's comments are kept once for everyone, so a change to a comment, to a report on it, or
-- to an author's apodo (shown with every comment) says "comments:<section>" or "content:comments".
create trigger guardian_consent_changed after insert or update or delete on guardian_consents
  for each row execute function notify_reader_changed();
create trigger class_student_changed after insert or update or delete on class_students
  for each row execute function notify_reader_changed();
create trigger unlocked_character_changed after insert or update or delete on unlocked_characters
  for each row execute function notify_reader_changed();

create function notify_teacher_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('data_changed', 'reader:' || old.teacher_id);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('data_changed', 'reader:' || new.teacher_id);
  end if;
  return null;
end;
$$;

create trigger class_changed after insert or update or delete on classes
  for each row execute function notify_teacher_changed();

create function notify_comments_changed() returns trigger language plpgsql as $$
declare
  section text;
begin
  if tg_table_name = 'comments' then
    if tg_op = 'INSERT' then
      perform pg_notify('data_changed', 'comments:' || new.section_id);
    elsif tg_op = 'DELETE' then
      perform pg_notify('data_changed', 'comments:' || old.section_id);
    else
      perform pg_notify('data_changed', 'comments:' || old.section_id);
      -- A renamed chapter's slug takes its comments along.
      if new.section_id <> old.section_id then
        perform pg_notify('data_changed', 'comments:' || new.section_id);
      end if;
    end if;
  else
    -- comment_reports: its comment's chapter (none left when the comment itself was deleted,
    -- whose own notice then says it).
    select c.section_id into section from comments c
      where c.id = (case when tg_op = 'DELETE' then old.comment_id else new.comment_id end);
    if found then
      perform pg_notify('data_changed', 'comments:' || section);
    end if;
  end if;
  return null;
end;
$$;

create trigger comment_changed after insert or update or delete on comments
  for each row execute function notify_comments_changed();
create trigger comment_report_changed after insert or update or delete on comment_reports
  for each row execute function notify_comments_changed();

create function notify_all_comments_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('data_changed', 'content:comments');
  return null;
end;
$$;

create trigger comments_truncated after truncate on comments
  for each statement execute function notify_all_comments_changed();
create trigger comment_reports_truncated after truncate on comment_reports
  for each statement execute function notify_all_comments_changed();
-- An apodo shows beside each of its author's comments.
create trigger apodo_changed after update of apodo or delete on profiles
  for each statement execute function notify_all_comments_changed();
