/** The live topic every character write announces; /personajes and the editor follow it. */
export const CHARACTERS_TOPIC = "characters";
