/**
 * The demo chapters' paths. The token paths are printed in the book as QR codes, so they never
 * change. Only the seed (and tests) read this list: the site looks chapters up in the database
 * at request time, and no list of token paths is ever bundled for the browser (issue 13).
 */
export type ChapterPath = {
  id: string;
  number: number | null;
  slug: string;
  /** The printed token path, without the leading slash. */
  token: string;
  layout: "first" | "second" | "special";
  requiresSignIn: boolean;
  /** First-layout chapters write /{slug} into the address bar when opened by their token. */
  slugRoute: boolean;
};

export const CHAPTER_PATHS: readonly ChapterPath[] = [
  {
    id: "capitulo-1",
    number: 1,
    slug: "salida-a-tzintzuntzan",
    token: "29c252741a79",
    layout: "first",
    requiresSignIn: false,
    slugRoute: true,
  },
  {
    id: "capitulo-2",
    number: 2,
    slug: "casa-de-la-abuela",
    token: "bae35f222e8f",
    layout: "first",
    requiresSignIn: true,
    slugRoute: true,
  },
  {
    id: "capitulo-3",
    number: 3,
    slug: "el-convento-de-santa-ana-en-tzintzuntzan",
    token: "b6da2465a40d",
    layout: "first",
    requiresSignIn: true,
    slugRoute: true,
  },
  {
    id: "capitulo-4",
    number: 4,
    slug: "el-inframundo",
    token: "cfd8c8a16bae",
    layout: "first",
    requiresSignIn: true,
    slugRoute: true,
  },
  {
    id: "capitulo-5",
    number: 5,
    slug: "patzcuaro",
    token: "88872e8d3b46",
    layout: "first",
    requiresSignIn: true,
    slugRoute: true,
  },
  {
    id: "capitulo-6",
    number: 6,
    slug: "camazotz",
    token: "1fa95b0aa29e",
    layout: "first",
    requiresSignIn: true,
    slugRoute: true,
  },
  {
    id: "capitulo-7",
    number: 7,
    slug: "el-mictlan",
    token: "13b9d644742b",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-8",
    number: 8,
    slug: "mictlantecuhtli",
    token: "f318790ebd29",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-9",
    number: 9,
    slug: "el-juego-de-pelota",
    token: "fbd28a1c0a16",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-10",
    number: 10,
    slug: "el-ataque-de-camazotz",
    token: "328681e1adb8",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-11",
    number: 11,
    slug: "las-batallas",
    token: "a4f4b0509713",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-12",
    number: 12,
    slug: "de-regreso-al-inicio",
    token: "41f0bc3d0b6d",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-13",
    number: 13,
    slug: "la-puerta",
    token: "2ab145313434",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-14",
    number: 14,
    slug: "el-echendaro",
    token: "31f09c3fa579",
    layout: "second",
    requiresSignIn: true,
    slugRoute: false,
  },
  {
    id: "capitulo-especial",
    number: null,
    slug: "capitulo-especial",
    token: "especial/15faa12cc4684af961fbcb1753b33f0667507a7b",
    layout: "special",
    requiresSignIn: true,
    slugRoute: false,
  },
];

export const SPECIAL_CHAPTER_PATH = "/" + CHAPTER_PATHS.find((chapter) => chapter.layout === "special")!.token;

export const tokenPathOf = (chapter: ChapterPath) => `/${chapter.token}`;
