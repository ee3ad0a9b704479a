import type { CharacterStyle } from "../../lib/db-schema.ts";

/**
 * What readers see about characters. SPEC.md's quoted strings are kept exactly, English ones
 * included (§8); everything else is Spanish.
 */
export const CHARACTER_MESSAGES = {
  loadError: "Error loading characters: ",
  noneFound: "No characters found",
  added: "Character added successfully!",
  updated: "Character updated successfully!",
  errorPrefix: "Error: ",
  cancelEdit: "Cancel Edit",
  addNewOption: "Agregar nuevo personaje",
  notFound: "No encontramos ese personaje; puede que lo hayan borrado.",
  checkFields: "revisa los campos marcados.",
  locked: "Bloqueado",
  unlocked: "Desbloqueado",
  loading: "Cargando personajes…",
  searchLabel: "Buscar personaje por nombre",
  /** A visitor's invitation: the cards with a lock are found with the book's codes. */
  visitorInvitation: "Las cartas con candado se descubren con los códigos QR del libro.",
  visitorInvitationLink: "Crea tu cuenta",
  visitorInvitationRest: " para guardar los personajes que descubras.",
  lockedDetailInvitation: "Crea tu cuenta para guardar este personaje cuando escanees su código.",
} as const;

/** The reader's progress line, e.g. «Has desbloqueado 3 de 13 personajes». */
export const unlockProgress = (unlocked: number, total: number) =>
  `Has desbloqueado ${unlocked} de ${total} personajes`;

/** Spanish names of SPEC.md §9's card styles. */
export const STYLE_LABELS: Record<CharacterStyle, string> = {
  basic: "Básico",
  special: "Especial",
  rare: "Raro",
  event: "Evento",
};

/** Where a visitor's invitation leads: sign-up, then back to the collection. */
export const SIGN_UP_FROM_COLLECTION = "/login?modo=registro&redirectTo=%2Fpersonajes";
