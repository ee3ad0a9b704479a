/**
 * The demo glossary (issue 44 §1, decision 077): words the seeded chapters use that many young
 * readers, and their families abroad, may not know. Meanings are original, short and for
 * children; each word occurs in at least one seeded chapter (checked by glossary.test.ts).
 */
export type SeedGlossaryWord = {
  id: string;
  word: string;
  forms?: string[];
  meaning: string;
  english?: string;
  imageUrl?: string;
  imageAlt?: string;
};

export const seedGlossary: SeedGlossaryWord[] = [
  {
    id: "cempasuchil",
    word: "cempasúchil",
    forms: ["cempasúchiles", "cempoalxóchitl"],
    meaning:
      "Flor de color naranja intenso que florece en otoño. En Día de Muertos se pone en las ofrendas y sus pétalos marcan el camino a casa.",
    english: "Mexican marigold",
  },
  {
    id: "xoloitzcuintle",
    word: "xoloitzcuintle",
    forms: ["xoloitzcuintles", "xolo", "xolos"],
    meaning:
      "Perro mexicano muy antiguo, casi sin pelo. Los antiguos mexicanos contaban que acompaña a las almas en su viaje.",
    english: "Mexican hairless dog",
    imageUrl: "/images/characters/taquito.svg",
    imageAlt: "Taquito, un xoloitzcuintle gris de orejas grandes",
  },
  {
    id: "mictlan",
    word: "Mictlán",
    meaning: "El lugar de los muertos en las historias de los mexicas. Para llegar ahí había que cruzar nueve niveles.",
    english: "the Aztec underworld",
  },
  {
    id: "ofrenda",
    word: "ofrenda",
    forms: ["ofrendas"],
    meaning:
      "Mesa o altar con fotos, flores, velas, comida y objetos que les gustaban a los que ya murieron, para recordarlos y recibirlos.",
    english: "Day of the Dead altar",
  },
  {
    id: "papel-picado",
    word: "papel picado",
    meaning: "Papel de colores recortado con figuras, como flores o calaveras, que se cuelga en tiras para adornar.",
    english: "cut-paper banners",
  },
  {
    id: "alebrije",
    word: "alebrije",
    forms: ["alebrijes"],
    meaning:
      "Figura de animal fantástico pintada con muchos colores, que mezcla partes de distintos animales, como un gato con alas.",
    english: "colorful fantasy creature",
  },
  {
    id: "tzintzuntzan",
    word: "Tzintzuntzan",
    meaning:
      "Pueblo de Michoacán junto al lago de Pátzcuaro. Su nombre quiere decir «lugar de colibríes» en lengua purépecha.",
    english: "a town in Michoacán, Mexico",
  },
  {
    id: "yacatas",
    word: "yácatas",
    forms: ["yácata"],
    meaning: "Construcciones de piedra muy antiguas, hechas por los purépechas, con forma redonda y escalonada.",
    english: "ancient Purépecha pyramids",
  },
  {
    id: "pan-de-muerto",
    word: "pan de muerto",
    meaning: "Pan dulce y redondo, con figuras de huesitos encima, que se come y se pone en las ofrendas.",
    english: "bread of the dead",
  },
  {
    id: "calaverita",
    word: "calaverita de azúcar",
    forms: ["calaveritas de azúcar", "calaveritas", "calaverita"],
    meaning: "Dulce con forma de calavera, decorado con colores y a veces con un nombre escrito en la frente.",
    english: "sugar skull",
  },
  {
    id: "veladora",
    word: "veladora",
    forms: ["veladoras"],
    meaning: "Vela dentro de un vaso que dura encendida mucho tiempo. Su luz ayuda a las almas a encontrar la ofrenda.",
    english: "candle in a glass",
  },
  {
    id: "rebozo",
    word: "rebozo",
    forms: ["rebozos"],
    meaning: "Tela larga tejida que se usa sobre los hombros o la cabeza, y también para cargar cosas o bebés.",
    english: "traditional shawl",
  },
  {
    id: "adobe",
    word: "adobe",
    meaning: "Ladrillo hecho de barro y paja, secado al sol. Con adobes se construyen casas frescas.",
    english: "sun-dried mud brick",
  },
  {
    id: "atole",
    word: "atole",
    meaning: "Bebida caliente y espesa hecha con masa de maíz, a veces con chocolate o fruta.",
    english: "warm corn drink",
  },
  {
    id: "maguey",
    word: "maguey",
    forms: ["magueyes"],
    meaning: "Planta grande con hojas gruesas y puntiagudas que crece en lugares secos de México.",
    english: "agave plant",
  },
  {
    id: "copal",
    word: "copal",
    meaning: "Resina de árbol que se quema como incienso. Su humo blanco huele rico y se usa en las ofrendas.",
    english: "tree resin incense",
  },
  {
    id: "catrina",
    word: "Catrina",
    forms: ["catrinas"],
    meaning: "Figura de una calavera elegante, con sombrero de flores y vestido largo, que ríe de la muerte.",
    english: "elegant skeleton lady",
  },
  {
    id: "camazotz",
    word: "Camazotz",
    meaning: "Dios murciélago de las historias mayas, que vive en las cuevas oscuras del inframundo.",
    english: "Maya bat god",
  },
  {
    id: "xolotl",
    word: "Xólotl",
    meaning:
      "En las historias de los mexicas, el dios con cabeza de perro que guía a las almas en el camino al Mictlán.",
    english: "Aztec dog-headed god",
  },
  {
    id: "mictlantecuhtli",
    word: "Mictlantecuhtli",
    meaning: "El Señor del Mictlán en las historias de los mexicas: el que cuida el lugar de los muertos.",
    english: "Aztec lord of the dead",
  },
  {
    id: "xibalba",
    word: "Xibalba",
    meaning: "El inframundo de las historias mayas, lleno de cuevas, ríos y pruebas difíciles.",
    english: "the Maya underworld",
  },
  {
    id: "purepecha",
    word: "purépecha",
    forms: ["purépechas"],
    meaning: "Pueblo indígena de Michoacán, y también su lengua. Viven cerca del lago de Pátzcuaro desde hace siglos.",
    english: "Purépecha people and language",
  },
  {
    id: "obsidiana",
    word: "obsidiana",
    meaning: "Piedra negra y brillante que sale de los volcanes. Es tan filosa que antes se hacían cuchillos con ella.",
    english: "volcanic glass",
  },
  {
    id: "juego-de-pelota",
    word: "juego de pelota",
    meaning:
      "Juego muy antiguo de Mesoamérica: se golpeaba una pelota de hule con la cadera para pasarla por un aro de piedra.",
    english: "Mesoamerican ballgame",
  },
  {
    id: "mariposa-monarca",
    word: "mariposa monarca",
    forms: ["mariposas monarca"],
    meaning:
      "Mariposa naranja y negra que viaja miles de kilómetros y llega a México cada otoño, cerca del Día de Muertos.",
    english: "monarch butterfly",
    imageUrl: "/images/characters/mariposa-monarca.svg",
    imageAlt: "Dibujo de una mariposa monarca de alas naranjas con líneas negras",
  },
];
