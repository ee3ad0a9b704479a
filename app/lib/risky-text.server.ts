import filter from "leo-profanity";
import naughtyWords from "naughty-words";

/**
 * What makes a text written by a child risky to publish unseen: a way to reach someone off the
 * site (links, e-mail addresses, phone numbers, social handles, an address) or a word on a
 * profanity list. Used for comments and for public names alike. It holds text for a person to
 * review; it never rejects, so a false alarm costs an admin a click, not a child their comment.
 */
export type RiskReason = "enlace" | "correo" | "telefono" | "contacto" | "palabras";

/** Lower case, accents off, so "Cabrón", "CABRON" and "cabron" read alike. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * The profanity dictionary: leo-profanity's (English, Shutterstock's list) plus the Spanish list
 * of "List of Dirty, Naughty, Obscene and Otherwise Bad Words" (naughty-words' `es`). A few of
 * its entries are everyday words in this book (the Mictlán is an underworld; a "concha" is a
 * shell and a sweet bread in Mexico) and would hold harmless comments: those are left out.
 */
const NOT_PROFANE_HERE = new Set(["infierno", "martillo", "concha", "trio", "asesinato", "drogas", "heroina"]);
const single = new Set<string>();
const phrases: string[] = [];
for (const entry of [...filter.list(), ...(naughtyWords.es as string[])]) {
  const word = fold(entry).trim();
  if (!word || NOT_PROFANE_HERE.has(word)) continue;
  if (/\s/.test(word)) phrases.push(` ${word} `);
  else single.add(word);
}

const words = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * "Negro" is on leo-profanity's English list, where it is a slur; in Spanish it is the colour
 * black ("Jaguar Negro", "Frijol Negro"). In a public name it passes as a colour, after the noun
 * it describes; alone, first, or after an article ("Negro", "El Negro", "Negra 12") it names the
 * person by their skin and is still refused. The English slurs stay on the list. Comments are
 * not changed: there the word is only held for a person to read (decision 065).
 */
const COLOUR_WORDS = new Set(["negro", "negra", "negros", "negras"]);
const DETERMINERS = new Set([
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "unos",
  "unas",
  "mi",
  "tu",
  "su",
  "ese",
  "esa",
  "este",
  "esta",
]);
/**
 * Spanish nicknames that leo-profanity's English list holds for their English sense: "Kike"
 * (Enrique) and "Lolita" (Lola, Dolores). As a name they are the child's own; in a comment they
 * are still held for a person to read.
 */
const SPANISH_NICKNAMES = new Set(["kike", "lolita"]);
const isColourAfterNoun = (tokens: string[], index: number) =>
  COLOUR_WORDS.has(tokens[index]!) &&
  index > 0 &&
  !DETERMINERS.has(tokens[index - 1]!) &&
  !/^\d+$/.test(tokens[index - 1]!);

function hasProfanity(folded: string, asName: boolean): boolean {
  const tokens = words(folded);
  // Plurals too ("pendejos", "putas"): the lists hold the singular.
  const listed = (token: string) => single.has(token) || single.has(token.replace(/e?s$/, ""));
  const profane = (token: string, index: number) =>
    asName
      ? // In a name the colour, in every gender and number, is judged by where it stands.
        COLOUR_WORDS.has(token)
        ? !isColourAfterNoun(tokens, index)
        : listed(token) && !SPANISH_NICKNAMES.has(token)
      : listed(token);
  if (tokens.some(profane)) return true;
  const spaced = ` ${tokens.join(" ")} `;
  return phrases.some((phrase) => spaced.includes(phrase));
}

const TLDS =
  "com|net|org|edu|gob|gov|info|biz|mx|es|ar|cl|co|pe|uy|ve|ec|bo|py|us|uk|io|app|dev|ai|tv|gg|ly|me|xyz|site|online|store|shop|link|club|live|fun|page|blog|web";
const LINK_PATTERNS = [
  /\b(?:https?|ftp):\/\//,
  /\bwww\s*\.|\bwww\d?\b/,
  new RegExp(`\\b[a-z0-9-]{2,}(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?!\\.[a-z])`),
  // Written out to slip past a filter: "mipagina punto com", "www punto", "dot com".
  new RegExp(`\\b(?:punto|dot)\\s*(?:${TLDS.replace("|es|", "|")})\\b`),
  /\b(?:bit\s*\.?\s*ly|goo\.gl|tinyurl|linktr\.?ee)\b/,
];
const EMAIL_PATTERNS = [
  /[a-z0-9._%+-]+\s*@\s*[a-z0-9-]+(?:\s*\.\s*[a-z0-9-]+)+/,
  /\s(?:arroba|at)\s+[a-z0-9]/,
  /\(\s*(?:arroba|at)\s*\)/,
  /\b(?:gmail|hotmail|outlook|yahoo|icloud|protonmail|live\.com)\b/,
];
const DIGIT_WORDS = "cero|uno|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve";
const PHONE_PATTERNS = [
  // 7 or more digits, however they are spaced or dashed: "55 1234 5678", "(443) 123-45-67".
  /(?:\+\s*)?\d(?:[\s.\-/()]*\d){6,}/,
  // Or spelled out, digit by digit.
  new RegExp(`\\b(?:(?:${DIGIT_WORDS})[\\s,.-]+){6,}(?:${DIGIT_WORDS})\\b`),
];
const CONTACT_PATTERNS = [
  // A handle to find someone elsewhere.
  /(?:^|\s)@[a-z0-9_.]{3,}/,
  /\b(?:whats\s*app|wasap|wsp|whatsapp|instagram|insta|ig|tik\s*tok|snap\s*chat|snap|discord|telegram|facebook|face|fb|messenger|twitter|kik|signal|youtube|twitch|roblox|free\s*fire|minecraft\s+server)\b/,
  /\b(?:mi|tu)\s+(?:numero|telefono|tel|cel|celular|movil|correo|mail|email|e-mail|direccion|domicilio|usuario|user|cuenta|perfil|canal|nick|contrasena|clave)\b/,
  /\b(?:llamame|marcame|escribeme|mandame|agregame|sigueme|buscame|contactame|hablame)\b/,
  /\b(?:vivo\s+en|mi\s+casa\s+(?:esta|queda)|mi\s+escuela\s+(?:es|se\s+llama)|voy\s+a\s+la\s+escuela|calle\s+\p{L}+\s+(?:numero\s+)?\d)/u,
];

/**
 * Every reason `text` should be looked at by a person first; empty when it may go out as is.
 * `asName`: the text is a public name (an apodo), where a colour follows the noun it describes.
 */
export function riskReasons(text: string, { asName = false }: { asName?: boolean } = {}): RiskReason[] {
  const folded = fold(text);
  const reasons: RiskReason[] = [];
  if (LINK_PATTERNS.some((pattern) => pattern.test(folded))) reasons.push("enlace");
  if (EMAIL_PATTERNS.some((pattern) => pattern.test(folded))) reasons.push("correo");
  if (PHONE_PATTERNS.some((pattern) => pattern.test(folded))) reasons.push("telefono");
  if (CONTACT_PATTERNS.some((pattern) => pattern.test(folded))) reasons.push("contacto");
  if (hasProfanity(folded, asName)) reasons.push("palabras");
  return reasons;
}
