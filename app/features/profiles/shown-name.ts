/**
 * The name a page shows for the signed-in reader (navbar, '¿Quién lee?'), issue 39. A sign-up
 * gives better-auth a `name`, and the login form (like direct calls to /api/auth) used to fill it
 * with the e-mail's local part: on a family's shared tablet, 'mama.lucia' is then read by every
 * child and every visitor. The e-mail, or any part of it, is never shown.
 */

/** For an account with neither a display name nor an apodo (a neutral word, never the e-mail). */
export const NEUTRAL_ADULT_NAME = "la persona adulta";

/** Whether `name` is the e-mail, its part before the @, or holds an address: a default, not a choice. */
export function isEmailName(name: string, email: string): boolean {
  const folded = name.trim().toLowerCase();
  if (!folded) return false;
  const address = email.trim().toLowerCase();
  return folded.includes("@") || folded === address || folded === address.split("@")[0];
}

/** The display name the reader chose, else "" (what a new profile starts with instead of the e-mail). */
export const chosenDisplayName = (name: string, email: string) => (isEmailName(name, email) ? "" : name.trim());

/** Their display name, else their apodo (public already), else a neutral word. */
export function shownName(profile: { displayName: string; apodo: string } | null, email: string): string {
  return chosenDisplayName(profile?.displayName ?? "", email) || profile?.apodo.trim() || NEUTRAL_ADULT_NAME;
}
