/** What the passport says, in Spanish. */
export const chapterCount = (found: number, total: number) => `${found} de ${total} capítulos`;
export const characterCount = (found: number, total: number) => `${found} de ${total} personajes`;

export const PASSPORT_MESSAGES = {
  title: "Tu pasaporte",
  visitorLead:
    "El pasaporte es tu álbum de aventura: guarda los capítulos y los personajes que vas encontrando al escanear los códigos QR del libro.",
  visitorWhy:
    "Inicia sesión para tener tu pasaporte: cada código que escanees quedará guardado en tu cuenta, en color, y verás cuántos te faltan por encontrar.",
  visitorCta: "Inicia sesión para ver tu pasaporte",
  chaptersHeading: "Capítulos encontrados",
  charactersHeading: "Personajes encontrados",
  clanHeading: "Tu clan",
  noClan: "Elige tu clan en tu perfil",
  pendingCharacter: "Personaje por descubrir",
  pendingChapter: "Capítulo por descubrir",
  /** A chapter the reader has read part of (issue 44 §3): its place is kept. */
  started: "Empezado",
  newReader: "Aún no has escaneado ningún código. Busca el primero al final del capítulo 1 del libro.",
} as const;
