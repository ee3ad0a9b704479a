import { data, type MiddlewareFunction } from "react-router";
import { services } from "../runtime/context.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Root middleware: every state-changing request (route actions included) must come from a
 * page of this site. Browsers send Origin on every POST, so a foreign one is refused; a request
 * with no Origin is accepted only when it carries no cookie (a script or tool acting as nobody,
 * e.g. a client of the contact endpoint of contract 4).
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const expected = new URL(services(context).env.siteUrl).origin;
  const origin = request.headers.get("origin");
  if (origin === null ? request.headers.has("cookie") : origin !== expected) {
    throw data("Solicitud rechazada: origen no permitido.", { status: 403 });
  }
};
