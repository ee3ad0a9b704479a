/** The live topic announced whenever chapters change (the /capitulos list follows it). */
export const CHAPTERS_TOPIC = "chapters";
