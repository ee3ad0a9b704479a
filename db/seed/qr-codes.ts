import { CHAPTER_PATHS, tokenPathOf } from "./chapter-paths.ts";

export type SeedQrCode = { code: string; redirectTo: string; expiresAt: string | null };

/** DESIGN.md contract 3: the 17 codes printed in the book and on posters. */
export const seedQrCodes: SeedQrCode[] = [
  ...CHAPTER_PATHS.filter((chapter) => chapter.number !== null).map((chapter) => ({
    code: `capitulo-${chapter.number}`,
    redirectTo: tokenPathOf(chapter),
    expiresAt: null,
  })),
  { code: "book", redirectTo: "/?book", expiresAt: null },
  { code: "event", redirectTo: "/special-event", expiresAt: "2023-01-01T00:00:00Z" },
  { code: "future", redirectTo: "/", expiresAt: "2025-12-31T23:59:59Z" },
];
