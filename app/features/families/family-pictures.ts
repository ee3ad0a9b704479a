import { dibujoById } from "../../ui/dibujos.ts";

/**
 * The pictures a child reader is known by on the family's device: characters of the book that
 * every reader meets in its first pages (no spoilers), drawn from our own static images so a
 * child's picture stays the same when an author edits the characters.
 */
export const FAMILY_PICTURES = [
  { id: "valentina", label: "Valentina", src: "/images/characters/valentina.svg" },
  { id: "taquito", label: "Taquito", src: "/images/characters/taquito.svg" },
  { id: "mariposa-monarca", label: "Mariposa monarca", src: "/images/characters/mariposa-monarca.svg" },
  { id: "abuela-lupe", label: "Abuela Lupe", src: "/images/characters/abuela-lupe.svg" },
  { id: "la-catrina", label: "La Catrina", src: "/images/characters/la-catrina.svg" },
  { id: "tinskani", label: "Tinskani", src: "/images/characters/tinskani.svg" },
] as const;

export type FamilyPicture = (typeof FAMILY_PICTURES)[number];

/**
 * A reader's picture by its id: a family's (above) or a class's drawing (app/ui/dibujos.ts,
 * issue 39), so a student keeps a picture given before the drawings existed.
 */
export const pictureById = (id: string): { id: string; label: string; src: string } | undefined =>
  FAMILY_PICTURES.find((picture) => picture.id === id) ?? dibujoById(id);
