-- A chapter's narration (migration 0032) is part of its page: the page says whether 'Léemelo' is
-- offered and names the files by their version. Every instance keeps pages and what they are
-- made of in memory (decision 039), so a narration uploaded, re-timed or removed in the
-- authoring page (issue 42) tells every instance at once, as chapters do (migration 0021).
create trigger chapter_narrations_changed after insert or update or delete or truncate on chapter_narrations
  for each statement execute function notify_content_changed();
