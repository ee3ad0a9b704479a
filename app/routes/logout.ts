import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { services } from "../services/context.server.ts";
import { forwardCookies } from "../features/auth/auth-responses.server.ts";

/** 'Salir': ends the session in the database (the old cookie is refused from now on). */
export async function action({ request, context }: Route.ActionArgs) {
  const response = await services(context).auth.api.signOut({ headers: request.headers, asResponse: true });
  return redirect("/", { headers: forwardCookies(response) });
}

export const loader = () => redirect("/");
