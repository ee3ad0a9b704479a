-- Events of the calendar on /eventos, kept by admins at /adminpanel/eventos (issue 12). They
-- used to be placeholders in code; the same placeholders are the first rows here. Whether an
-- event is past is decided when the page is shown (starts_at before now), never stored.
create table events (
  id text primary key default gen_random_uuid()::text,
  name text not null check (length(name) between 1 and 120),
  description text not null default '' check (length(description) <= 600),
  starts_at timestamptz not null,
  place_name text not null check (length(place_name) between 1 and 120),
  city text not null check (length(city) between 1 and 80),
  region text not null default '' check (length(region) <= 80),
  -- Seats in all; null when the event has no limit.
  capacity integer check (capacity is null or capacity between 1 and 100000),
  sold_out boolean not null default false,
  -- Where a seat is booked (http or https); null: no booking, entry is free.
  booking_url text check (booking_url is null or booking_url ~* '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index events_starts_at_idx on events (starts_at);

insert into events (id, name, description, starts_at, place_name, city, region, capacity, sold_out, booking_url) values
  ('lectura-patzcuaro', 'Lectura en voz alta: Salida a Tzintzuntzan',
   'Leemos juntos el primer capítulo y cada quien se lleva una mariposa monarca de papel para su cuaderno.',
   '2025-10-25T11:00:00-06:00', 'Biblioteca del Lago', 'Pátzcuaro', 'Michoacán', null, false, null),
  ('papel-picado', 'Taller de papel picado para la ofrenda',
   'Con tijeras, papel de china y mucha paciencia, hacemos el papel picado morado y naranja de la abuela Lupe.',
   '2025-11-01T16:00:00-06:00', 'Casa de la Cultura', 'Tzintzuntzan', 'Michoacán', 30, true, null),
  ('feria-del-libro', 'Presentación del libro con sus autores',
   'Regina y Tomás cuentan cómo nació la historia, responden preguntas y firman libros. Taquito manda saludos.',
   '2025-11-29T12:00:00-06:00', 'Salón de las Letras de la feria del libro', 'Guadalajara', 'Jalisco', null, false, null),
  ('alebrijes', 'Taller: dibuja tu alebrije con Choc',
   'Cabeza de jaguar, alas de águila, cola de iguana… Inventa tu propio alebrije y ponle todos los colores que quieras.',
   '2026-03-21T11:00:00-06:00', 'Museo de Arte Popular del Barrio', 'Morelia', 'Michoacán', null, false, null),
  ('dia-del-nino', 'Cuentacuentos del Mictlán por el Día del Niño',
   'Una función de cuentos con música, calaveritas y sombras chinas. El cupo es limitado: reserva tu lugar gratis.',
   '2026-04-30T10:00:00-06:00', 'Foro Cultural del Jardín', 'Ciudad de México', 'CDMX', 60, false, null);
