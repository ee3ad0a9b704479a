-- Safe comments (issue 10): public names, moderation, reports and the admins' decisions.

-- The public name shown beside a reader's comments; never the e-mail or any part of it.
alter table profiles add column apodo text not null default '';

-- Existing accounts get a generated one, from the lists of app/features/profiles/apodo-words.ts.
update profiles set apodo =
  (array['Xolo','Ajolote','Colibrí','Jaguar','Quetzal','Tlacuache','Búho','Coyote','Venado','Mariposa',
         'Tortuga','Iguana','Lince','Halcón','Puma','Tucán','Cenzontle','Guacamaya','Armadillo','Conejo',
         'Cometa','Estrella','Nube','Luciérnaga'])[1 + floor(random() * 24)::int]
  || ' ' ||
  (array['Valiente','Veloz','Alegre','Brillante','Audaz','Amable','Feliz','Fuerte','Sonriente','Paciente',
         'Leal','Noble','Gentil','Ágil','Estelar','Lunar','Solar','Genial','de Maíz','del Bosque'])[1 + floor(random() * 20)::int]
  || ' ' || (10 + floor(random() * 90)::int)::text
where apodo = '';

-- Comments stored so far carried the display name (often the e-mail prefix): replace it.
update comments set user_name = coalesce((select apodo from profiles where profiles.user_id = comments.user_id), 'Lector');

-- visible: everyone sees it; held: its author and admins only, until an admin decides;
-- hidden: an admin hid it (nobody but admins). A deleted comment is gone (its decision stays).
alter table comments add column status text not null default 'visible' check (status in ('visible', 'held', 'hidden'));
-- Why it was held (filter reasons, 'menor', 'todos', 'reportes'), comma-separated, for the queue.
alter table comments add column held_reasons text not null default '';
create index comments_status_idx on comments (status) where status <> 'visible';

-- One report per reader and comment; an admin's decision closes the open ones.
create table comment_reports (
  comment_id text not null references comments (id) on delete cascade,
  reporter_id text not null references "user" ("id") on delete cascade,
  reason text not null check (length(reason) between 1 and 60),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  primary key (comment_id, reporter_id)
);
create index comment_reports_open_idx on comment_reports (comment_id) where closed_at is null;

-- Every admin decision (who, when, what), with a copy of what was decided on, since a deleted
-- comment is gone. Both people are referenced so deleting either account leaves nothing behind.
create table comment_decisions (
  id text primary key default gen_random_uuid()::text,
  comment_id text not null,
  admin_id text not null references "user" ("id") on delete cascade,
  author_id text not null references "user" ("id") on delete cascade,
  action text not null check (action in ('approve', 'hide', 'delete')),
  section_id text not null,
  comment_text text not null,
  author_apodo text not null,
  created_at timestamptz not null default now()
);
create index comment_decisions_created_idx on comment_decisions (created_at desc);
