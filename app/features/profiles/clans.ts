/** SPEC.md §3: clan 0 none, 1 Comiehchúcuaro, 2 Mictlán, 3 Xibalba, 4 Echéndaro. */
export type Clan = { id: number; name: string; title: string; description: string; emblem: string | null };

export const CLANS: readonly Clan[] = [
  {
    id: 0,
    name: "Sin clan",
    title: "Todavía sin clan",
    description: "Elige un clan cuando sientas cuál te llama. Puedes cambiarlo cuando quieras.",
    emblem: null,
  },
  {
    id: 1,
    name: "Comiehchúcuaro",
    title: "Clan Comiehchúcuaro, guardianes del fuego",
    description:
      "Los de este clan encienden las velas que guían a las almas de regreso a casa. Son valientes, cálidos y nunca dejan a nadie a oscuras.",
    emblem: "/images/clans/1.svg",
  },
  {
    id: 2,
    name: "Mictlán",
    title: "Clan Mictlán, caminantes del inframundo",
    description:
      "Conocen los nueve niveles del Mictlán como la palma de su mano. Tranquilos y sabios, escuchan antes de hablar y recuerdan a todos los que se fueron.",
    emblem: "/images/clans/2.svg",
  },
  {
    id: 3,
    name: "Xibalba",
    title: "Clan Xibalba, jugadores de pelota",
    description:
      "Astutos y rápidos, aceptan cualquier reto. Saben que en el juego de pelota gana quien piensa, no quien grita más fuerte.",
    emblem: "/images/clans/3.svg",
  },
  {
    id: 4,
    name: "Echéndaro",
    title: "Clan Echéndaro, soñadores del lago",
    description:
      "Viven entre la niebla del lago y las estrellas. Imaginan puertas donde otros ven paredes y siempre encuentran el camino de regreso.",
    emblem: "/images/clans/4.svg",
  },
];

export const clanById = (id: number): Clan => CLANS[id] ?? CLANS[0]!;
