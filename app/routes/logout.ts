import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { services } from "../runtime/context.server.ts";
import { forwardCookies } from "../features/auth/auth-responses.server.ts";
import { getReaderFacts } from "../access/session.server.ts";

/**
 * 'Salir': ends the session in the database (the old cookie is refused from now on). A family's
 * child lands on '¿Quién lee?' (issue 39): the device is the family's, and the next reader
 * picks their picture there, not an e-mail form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const familyChild = (await getReaderFacts(context))?.childReader === "family";
  const response = await services(context).auth.api.signOut({ headers: request.headers, asResponse: true });
  return redirect(familyChild ? "/quien-lee" : "/", { headers: forwardCookies(response) });
}

export const loader = () => redirect("/");
