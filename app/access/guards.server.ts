import { data, redirect, type MiddlewareFunction } from "react-router";
import { FAMILY_MESSAGES } from "../features/families/family-messages.ts";
import { profileNeedsBirthYear } from "../features/profiles/profiles.server.ts";
import { loginHref } from "../lib/site-paths.ts";
import {
  AGE_STEP_PATH,
  getReaderProfile,
  getUser,
  readerIsAdmin,
  readerIsChild,
  safeRedirectPath,
} from "./session.server.ts";

/**
 * The checks the route table's access layouts are made of (app/access/layouts/, app/routes.ts).
 * Each runs on the route React Router matched, never on the raw address: "/TU-PERFIL",
 * "/tu-perfil/", "/tu-%70erfil" and "/tu-perfil.data" all match the same route, so they all meet
 * the same check. The pages' own loaders check again where they touch data.
 */
type Guard = MiddlewareFunction<Response>;

export const ADMINS_ONLY_MESSAGE = "Esta página es solo para administradores.";

/** A visitor goes to /login and comes back after (pages and their data requests alike). */
export const signedIn: Guard = async ({ url, context }) => {
  if (!(await getUser(context))) throw redirect(loginHref(`${url.pathname}${url.search}`));
};

/** A family's child or a class's student (a child reader) is refused an adult's page. */
export const adultsOnly: Guard = async ({ context }) => {
  if (await readerIsChild(context)) throw data(FAMILY_MESSAGES.childOnly, { status: 403 });
};

/** Only admins: any other reader gets a 403 page. */
export const adminsOnly: Guard = async ({ context }) => {
  if (!(await readerIsAdmin(context))) throw data(ADMINS_ONLY_MESSAGE, { status: 403 });
};

/**
 * An account that has not answered 'Año de nacimiento' (a Google sign-up) can do nothing else:
 * pages (and their data requests) go to the age step and come back after; endpoints answer 403.
 * Routes a reader needs meanwhile (the step itself, signing out, the privacy page, the live and
 * page-view endpoints, a guardian's link) sit in layouts without this guard.
 */
export const ageAnswered: Guard = async ({ url, context }) => {
  const user = await getUser(context);
  if (!user || !profileNeedsBirthYear(await getReaderProfile(context))) return;
  // A class's student has no year of birth (the teacher gives only an apodo) and cannot open
  // the age step (an adult's page): their comments are held anyway.
  if (await readerIsChild(context)) return;
  if (url.pathname.toLowerCase().startsWith("/api/"))
    throw data("Antes, responde tu año de nacimiento.", { status: 403 });
  const back = safeRedirectPath(`${url.pathname}${url.search}`);
  throw redirect(back === "/" ? AGE_STEP_PATH : `${AGE_STEP_PATH}?redirectTo=${encodeURIComponent(back)}`);
};

/**
 * better-auth's endpoints are one route ("api/auth/*"): a child reader may read their session
 * and sign out, nothing else (changing an e-mail or password is the adult's). better-auth
 * matches its own paths exactly, so only these exact spellings are let through.
 */
const CHILD_AUTH_ENDPOINTS = new Set(["get-session", "sign-out"]);
export const childAuthEndpoints: Guard = async ({ params, context }) => {
  if (CHILD_AUTH_ENDPOINTS.has(params["*"] ?? "")) return;
  if (await readerIsChild(context)) throw data(FAMILY_MESSAGES.childOnly, { status: 403 });
};
