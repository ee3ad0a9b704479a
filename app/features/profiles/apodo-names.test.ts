import { describe, expect, it } from "vitest";
import { APODO_MESSAGES, checkApodo } from "./apodo.server.ts";
import { looksLikeFullName } from "./full-name.ts";

/** The adult of issue 39: a short address whose local part hides in everyday words ("Naranja"). */
const ADULT = "ana@example.com";

/**
 * Real nicknames from Spain, Mexico and the rest of Latin America, as families and teachers type
 * them for a child (hypocorisms, affectionate names, and apodos of animals and colours).
 */
const NICKNAMES = [
  // Hypocorisms.
  "Pepe",
  "Paco",
  "Pancho",
  "Lupita",
  "Lupe",
  "Chucho",
  "Nacho",
  "Memo",
  "Toño",
  "Quique",
  "Lalo",
  "Beto",
  "Tito",
  "Chema",
  "Chelo",
  "Concha",
  "Chente",
  "Chava",
  "Chuy",
  "Lencho",
  "Pili",
  "Charo",
  "Maite",
  "Manolo",
  "Nando",
  "Fito",
  "Rafa",
  "Santi",
  "Juanjo",
  "Nico",
  "Lola",
  "Lolita",
  "Loli",
  "Pepa",
  "Pepita",
  "Paquita",
  "Maru",
  "Marisol",
  "Mari",
  "Tere",
  "Teté",
  "Chayo",
  "Licha",
  "Meche",
  "Nati",
  "Cuca",
  "Paty",
  "Lety",
  "Vero",
  "Ale",
  "Dani",
  "Gabi",
  "Fer",
  "Caro",
  "Cata",
  "Vale",
  "Sofi",
  "Isa",
  "Maca",
  "Coni",
  "Javi",
  "Tavo",
  "Goyo",
  "Tacho",
  "Tencha",
  "Chabela",
  "Kike",
  "Chepe",
  "Curro",
  "Kiko",
  "Chus",
  "Merche",
  "Puri",
  "Inma",
  "Reme",
  "Rosi",
  "Charito",
  "Juancho",
  "Panchito",
  "Pepito",
  "Juanito",
  "Moncho",
  "Pacho",
  "Quico",
  "Chicho",
  "Checo",
  "Toñito",
  "Nachito",
  "Lulú",
  "Mimí",
  // Affectionate names.
  "Nena",
  "Nene",
  "Chiqui",
  "Chiquis",
  "Güero",
  "Güera",
  "Flaca",
  "Flaco",
  "Chato",
  "Chata",
  "Gordito",
  "Negrito",
  "Chino",
  "Colocho",
  "Chele",
  "Peque",
  "Bebo",
  "Coco",
  "Cuqui",
  "Pocho",
  // Apodos of the book's world, animals and colours.
  "Mariposa Naranja",
  "Jaguar Negro",
  "Gato Negro",
  "Frijol Negro",
  "Café Negro",
  "Pantera Negra",
  "Tortuga Verde",
  "Colibrí Azul",
  "Xolo Dorado",
  "Ajolote Rosa",
  "Conejo Blanco",
  "Búho Gris",
  "Perrito Café",
  "Catrina Morada",
  "Lobo Plateado",
  "Chapulín Colorado",
  "Taquito Feliz",
  "Estrella Fugaz",
  "Nube Lunar",
  "Capitán Maíz",
];

/** Refused for what they say: profanity and slurs, including a colour used to name a person. */
const RUDE = [
  "Pendejo Mayor",
  "Cabrón",
  "Maricón Feo",
  "Mierda Total",
  "Culo Feo",
  "Verga Loca",
  "Chingón Pendejo",
  "Negro",
  "El Negro",
  "Negra 12",
  "Nigger Boy",
  "Gato Nigga",
  "Pinche Puta",
];

/** Refused for who they show: contact details, handles, or the adult's own address. */
const IDENTIFYING = [
  ["Tel 5512345678", APODO_MESSAGES.risky],
  ["mi insta valen", APODO_MESSAGES.risky],
  ["Sigueme en TikTok", APODO_MESSAGES.risky],
  ["Ana Estrella", APODO_MESSAGES.adultEmail],
  ["Xolo de Ana", APODO_MESSAGES.adultEmail],
] as const;

describe("apodos a family or a class types (issue 39)", () => {
  it(`passes ${NICKNAMES.length} real nicknames, with no warning that they look like a full name`, () => {
    expect(NICKNAMES.length).toBeGreaterThanOrEqual(100);
    const refused = NICKNAMES.map((name) => [name, checkApodo(name, ADULT, "adult")] as const).filter(
      ([, checked]) => !checked.ok,
    );
    expect(refused).toEqual([]);
    expect(NICKNAMES.filter(looksLikeFullName)).toEqual([]);
  });

  it("compares with the address by whole words: 'ana@…' is not in 'Naranja', but 'Ana' is refused", () => {
    expect(checkApodo("Mariposa Naranja", ADULT, "adult")).toEqual({ ok: true, apodo: "Mariposa Naranja" });
    expect(checkApodo("Anita", ADULT, "adult")).toEqual({ ok: true, apodo: "Anita" });
    expect(checkApodo("Ana", ADULT, "adult")).toEqual({ ok: false, error: APODO_MESSAGES.adultEmail });
    // The reader's own address is 'tu correo' in the reader's own words.
    expect(checkApodo("Ana Estrella", ADULT)).toEqual({ ok: false, error: APODO_MESSAGES.email });
    expect(checkApodo("Garcia Veloz", "anagarcia@example.com", "adult")).toEqual({
      ok: false,
      error: APODO_MESSAGES.adultEmail,
    });
    expect(checkApodo("Lucia2015", "lucia.garcia.2015@example.com")).toEqual({
      ok: false,
      error: APODO_MESSAGES.email,
    });
  });

  it("still refuses the rude ones, slurs and 'negro' naming a person included", () => {
    for (const name of RUDE)
      expect(checkApodo(name, ADULT, "adult"), name).toEqual({ ok: false, error: APODO_MESSAGES.risky });
  });

  it("still refuses the identifying ones, saying why", () => {
    for (const [name, error] of IDENTIFYING)
      expect(checkApodo(name, ADULT, "adult"), name).toEqual({ ok: false, error });
  });

  it("warns, without refusing, about a line shaped like a real full name", () => {
    for (const name of [
      "María Fernanda López Hernández",
      "Juan Pablo Ramírez",
      "Sofía Ramírez Torres",
      "maria de la luz perez gomez",
      "Diego Armando Cifuentez",
    ]) {
      expect(looksLikeFullName(name), name).toBe(true);
      expect(checkApodo(name, ADULT, "adult").ok, name).toBe(true);
    }
    for (const name of ["Mariposa Luna Brillante", "Xolo Valiente 27", "Juan Pérez", "Gato Negro Feliz"])
      expect(looksLikeFullName(name), name).toBe(false);
  });
});
