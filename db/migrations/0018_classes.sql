-- Classrooms (issue 23): a teacher's classes, their students and the class's discussion.
-- A student is a child reader (0014) of kind 'class' whose guardian_id is the teacher: no
-- e-mail, no password, no PIN, no year of birth; they sign in only with their login card.

-- A family's children and a class's students are both child readers; the family pages list,
-- count and remember only the family's.
alter table child_readers add column kind text not null default 'family' check (kind in ('family', 'class'));
-- Students have no PIN (a card is their only way in).
alter table child_readers alter column pin_hash drop not null;

-- One class of one teacher, with the teacher's declaration that the school or the families
-- authorised it (the consent path for classes): who, when and the text word for word.
create table classes (
  id text primary key default gen_random_uuid()::text,
  teacher_id text not null references "user" ("id") on delete cascade,
  name text not null check (length(name) between 1 and 80),
  consent_by_email text not null,
  consent_text text not null,
  consented_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index classes_teacher_idx on classes (teacher_id);

-- A student belongs to exactly one class; deleting the student's account removes the row.
create table class_students (
  user_id text primary key references "user" ("id") on delete cascade,
  class_id text not null references classes ("id") on delete cascade,
  created_at timestamptz not null default now()
);
create index class_students_class_idx on class_students (class_id);

-- A comment with an audience is seen only by that class (its students and teacher) and admins.
alter table comments add column audience text references classes ("id") on delete cascade;
create index comments_audience_idx on comments (audience) where audience is not null;
