import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as commonPackage from "@zxcvbn-ts/language-common";
import * as spanishPackage from "@zxcvbn-ts/language-es-es";

/**
 * zxcvbn's score runs from 0 (among the commonest passwords) to 4. From 2 on, a password
 * survives an online guessing attack that is throttled as ours are; below, it is refused.
 * The dictionaries stay on the server: they weigh far more than the whole page's JavaScript.
 */
const MIN_SCORE = 2;

// Built on the first password checked, not at start: its ranked dictionaries are some hundred
// thousand strings, ~20 MB that an idle server need not hold (docs/decisions/039).
let zxcvbn: ZxcvbnFactory | undefined;
const checker = () =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...commonPackage.dictionary, ...spanishPackage.dictionary },
    graphs: commonPackage.adjacencyGraphs,
    translations: spanishPackage.translations,
  }));

export const WEAK_PASSWORD_MESSAGE = "Esa contraseña es muy fácil de adivinar.";

/**
 * Null when `password` is strong enough; otherwise a Spanish reason to show beside the field.
 * `personal` are words of the account itself (the e-mail), which make a password easy to guess.
 */
export function weakPasswordReason(password: string, personal: readonly string[] = []): string | null {
  const result = checker().check(password, [...personal]);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? result.feedback.suggestions[0] ?? null;
  return why ? `${WEAK_PASSWORD_MESSAGE} ${withFullStop(why)}` : WEAK_PASSWORD_MESSAGE;
}

/** Words of an e-mail address a guesser would try first: the part before the @, split on . _ - +. */
export const personalWordsOf = (email: string) =>
  email
    .split("@")[0]!
    .split(/[._+-]/)
    .filter((word) => word.length >= 3);

const withFullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
