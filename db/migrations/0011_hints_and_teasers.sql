-- Issue 12, items 4 and 5: one wording for the hints, and a spoiler-free teaser per chapter.
--
-- Hints: a chapter's hint and the hint of every character its printed code unlocks now say the
-- same thing, 'Escanea el código QR al final del capítulo N del libro.', where N is the chapter
-- whose token path the code opens (decision 019). Only the seeded texts are rewritten, matched by
-- id and their old wording, so an author's own hint is never overwritten.
--
-- Teaser: what /capitulos (and any list of chapters) shows of a chapter the reader has not
-- opened; the full summary (description) stays on the server until then.
alter table chapters add column teaser text not null default '' check (length(teaser) <= 280);

update chapters set required_url_text = hints.new_text, updated_at = now()
from (values
  ('capitulo-1', 'Este capítulo está abierto para todos. ¡Empieza aquí la aventura!', 'Escanea el código QR al final del capítulo 1 del libro.'),
  ('capitulo-2', 'Escanea el código QR al final del capítulo 1 del libro.', 'Escanea el código QR al final del capítulo 2 del libro.'),
  ('capitulo-3', 'Escanea el código QR al final del capítulo 2 del libro.', 'Escanea el código QR al final del capítulo 3 del libro.'),
  ('capitulo-4', 'Escanea el código QR al final del capítulo 3 del libro.', 'Escanea el código QR al final del capítulo 4 del libro.'),
  ('capitulo-5', 'Escanea el código QR al final del capítulo 4 del libro.', 'Escanea el código QR al final del capítulo 5 del libro.'),
  ('capitulo-6', 'Escanea el código QR al final del capítulo 5 del libro… si te atreves.', 'Escanea el código QR al final del capítulo 6 del libro.'),
  ('capitulo-7', 'Escanea el código QR al final del capítulo 6 del libro.', 'Escanea el código QR al final del capítulo 7 del libro.'),
  ('capitulo-8', 'Escanea el código QR al final del capítulo 7 del libro.', 'Escanea el código QR al final del capítulo 8 del libro.'),
  ('capitulo-9', 'Escanea el código QR al final del capítulo 8 del libro.', 'Escanea el código QR al final del capítulo 9 del libro.'),
  ('capitulo-10', 'Escanea el código QR al final del capítulo 9 del libro.', 'Escanea el código QR al final del capítulo 10 del libro.'),
  ('capitulo-11', 'Escanea el código QR al final del capítulo 10 del libro.', 'Escanea el código QR al final del capítulo 11 del libro.'),
  ('capitulo-12', 'Escanea el código QR al final del capítulo 11 del libro.', 'Escanea el código QR al final del capítulo 12 del libro.'),
  ('capitulo-13', 'Escanea el código QR al final del capítulo 12 del libro.', 'Escanea el código QR al final del capítulo 13 del libro.'),
  ('capitulo-14', 'Escanea el código QR al final del capítulo 13 del libro.', 'Escanea el código QR al final del capítulo 14 del libro.')
) as hints (id, old_text, new_text)
where chapters.id = hints.id and chapters.required_url_text = hints.old_text;

update characters set required_url_text = hints.new_text, updated_at = now()
from (values
  ('mariposa-monarca', 'Escanea el código QR del capítulo 1 para conocerla.', 'Escanea el código QR al final del capítulo 1 del libro.'),
  ('abuela-lupe', 'Escanea el código QR del capítulo 2 para conocerla.', 'Escanea el código QR al final del capítulo 2 del libro.'),
  ('la-catrina', 'Escanea el código QR del capítulo 3 para conocerla.', 'Escanea el código QR al final del capítulo 3 del libro.'),
  ('tinskani', 'Escanea el código QR del capítulo 5 para conocerlo.', 'Escanea el código QR al final del capítulo 5 del libro.'),
  ('camazotz', 'Escanea el código QR del capítulo 6 para conocerlo… si te atreves.', 'Escanea el código QR al final del capítulo 6 del libro.'),
  ('mictecacihuatl', 'Escanea el código QR del capítulo 7 para conocerla.', 'Escanea el código QR al final del capítulo 7 del libro.'),
  ('mictlantecuhtli', 'Escanea el código QR del capítulo 8 para conocerlo.', 'Escanea el código QR al final del capítulo 8 del libro.'),
  ('choc', 'Escanea el código QR del capítulo 9 para conocerlo.', 'Escanea el código QR al final del capítulo 9 del libro.'),
  ('don-tecolote', 'Escanea el código QR del capítulo 10 para conocerlo.', 'Escanea el código QR al final del capítulo 10 del libro.'),
  ('abuelo-chema', 'Escanea el código QR del capítulo 12 para conocerlo.', 'Escanea el código QR al final del capítulo 12 del libro.'),
  ('xolotl', 'Personaje de evento: desbloquea el capítulo especial para conocerlo.', 'Termina el libro para descubrir este capítulo secreto.')
) as hints (id, old_text, new_text)
where characters.id = hints.id and characters.required_url_text = hints.old_text;

update chapters set teaser = teasers.teaser
from (values
  ('capitulo-1', 'Un viaje en camión, un lago que brilla y una compañera de viaje que nadie esperaba.'),
  ('capitulo-2', 'Una casa de adobe, una puerta azul que canta y un rincón que guarda un secreto.'),
  ('capitulo-3', 'Una noche de velas bajo los olivos y un encuentro que Valentina no olvidará.'),
  ('capitulo-4', 'A medianoche la casa está en silencio… pero no todo está dormido.'),
  ('capitulo-5', 'Un lugar conocido que ya no es como Valentina lo recordaba.'),
  ('capitulo-6', 'Algo se mueve en la oscuridad. ¿Te atreves a mirar?'),
  ('capitulo-7', 'Un camino que baja y baja, con una prueba en cada paso.'),
  ('capitulo-8', 'Alguien muy importante escucha a Valentina, pero nada es gratis.'),
  ('capitulo-9', 'Una cancha antigua, una pelota de hule y un partido que nadie quiere perder.'),
  ('capitulo-10', 'Cuando todo se pone oscuro, hay que confiar en la nariz de un amigo.'),
  ('capitulo-11', 'Cuevas profundas, pruebas difíciles y un equipo que no se rinde.'),
  ('capitulo-12', 'El camino de vuelta guarda una sorpresa muy especial.'),
  ('capitulo-13', 'El tiempo se acaba y sólo hay una oportunidad.'),
  ('capitulo-14', 'El final de la aventura… y el comienzo de una promesa.'),
  ('capitulo-especial', 'Un capítulo secreto para quienes llegan hasta el final del libro.')
) as teasers (id, teaser)
where chapters.id = teasers.id and chapters.teaser = '';
