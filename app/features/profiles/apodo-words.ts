/**
 * Word lists of generated public names (apodos): creatures of the book's world and gender-free
 * adjectives, so every pair reads right ("Xolo Valiente", "Mariposa Valiente"). Nothing here can
 * say who a reader is. db/migrations/0005_safe_comments.sql holds the same lists for the
 * accounts that existed before apodos.
 */
export const APODO_CREATURES = [
  "Xolo",
  "Ajolote",
  "Colibrí",
  "Jaguar",
  "Quetzal",
  "Tlacuache",
  "Búho",
  "Coyote",
  "Venado",
  "Mariposa",
  "Tortuga",
  "Iguana",
  "Lince",
  "Halcón",
  "Puma",
  "Tucán",
  "Cenzontle",
  "Guacamaya",
  "Armadillo",
  "Conejo",
  "Cometa",
  "Estrella",
  "Nube",
  "Luciérnaga",
] as const;

export const APODO_QUALITIES = [
  "Valiente",
  "Veloz",
  "Alegre",
  "Brillante",
  "Audaz",
  "Amable",
  "Feliz",
  "Fuerte",
  "Sonriente",
  "Paciente",
  "Leal",
  "Noble",
  "Gentil",
  "Ágil",
  "Estelar",
  "Lunar",
  "Solar",
  "Genial",
  "de Maíz",
  "del Bosque",
] as const;
