/** One path a character can be unlocked by, as the editor's list names it. */
export type UnlockChoice = { path: string; label: string };

/**
 * What the character editor offers for "what unlocks it": the book's chapters (their printed
 * token path, whose visit unlocks) and the other QR codes (where they lead). Built by the
 * route from the chapters and the QR codes (features do not read each other).
 */
export type UnlockChoices = { chapters: UnlockChoice[]; codes: UnlockChoice[] };

/** Whether a path is one the editor offers (the action refuses any other, but the saved one). */
export const isOfferedUnlock = (choices: UnlockChoices, path: string) =>
  [...choices.chapters, ...choices.codes].some((choice) => choice.path === path);
