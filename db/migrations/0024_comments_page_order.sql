-- A chapter's comments are read a page at a time, newest first, ties by id (decision 059): the
-- index holds that whole order, so a page is read from the index without sorting every comment
-- of the chapter. It replaces the index on (section_id, created_at desc), which it covers.
create index comments_section_page_idx on comments (section_id, created_at desc, id desc);
drop index comments_section_idx;
