-- A class code (issue 39, docs/decisions/067): for computers without a camera, a student types
-- the class's short code at /clase, then picks their name and their picture. The code is shown
-- to the teacher whenever they open the class, so it is kept as typed (8 characters of an
-- alphabet without look-alikes: no 0/O, 1/I/L); the teacher turns it off and on, or replaces it
-- (the old one then fails: it is no longer anywhere).
alter table classes add column join_code text;
alter table classes add column join_code_on boolean not null default true;
create unique index classes_join_code_idx on classes (join_code);

-- Every class open now gets its code (the correlation with k.id makes each row draw its own).
update classes k set join_code = (
  select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '')
  from generate_series(1, 8 + 0 * length(k.id))
) where join_code is null;
