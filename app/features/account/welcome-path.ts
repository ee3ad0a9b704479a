import type { AccountWelcomeView } from "./components/account-welcome.tsx";

/**
 * Where a new account lands (issue 39): /tu-perfil, which says it worked and asks an adult who
 * the account is for, with the page they came from kept for 'Para mí'. Built by the sign-up
 * (the form's redirect and the confirmation e-mail's link), read by /tu-perfil's loader.
 */
const WELCOME_PARAM = "bienvenida";
const BACK_PARAM = "volver";

export function welcomePath(kind: AccountWelcomeView["kind"], back: string) {
  const query = new URLSearchParams({ [WELCOME_PARAM]: kind });
  if (back !== "/") query.set(BACK_PARAM, back);
  return `/tu-perfil?${query}`;
}

/** The welcome an address asks for, or null; `back` is still to be made safe by the caller. */
export function welcomeOf(url: URL): { kind: AccountWelcomeView["kind"]; back: string } | null {
  const kind = url.searchParams.get(WELCOME_PARAM);
  if (kind !== "nueva" && kind !== "confirmada") return null;
  return { kind, back: url.searchParams.get(BACK_PARAM) ?? "/" };
}

/** Pages a sign-up was already headed for with a purpose of their own: no question before them. */
export const GOING_SOMEWHERE = ["/familia", "/clases"];
