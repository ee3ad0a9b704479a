import type { Route } from "./+types/api.auth.$";
import { services } from "../runtime/context.server.ts";
import { withoutSessionTokens } from "../features/auth/auth-responses.server.ts";
import { RATE_LIMIT_MESSAGE } from "../lib/rate-limit.server.ts";

/** better-auth's own endpoints (OAuth callbacks, session, sign-out). */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const response = await services(context).auth.handler(request);
  if (response.status === 429) {
    // better-auth's rate limiter answers in English; readers get Spanish.
    const headers = new Headers(response.headers);
    headers.set("Content-Type", "application/json; charset=utf-8");
    headers.delete("Content-Length");
    return new Response(JSON.stringify({ code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE }), {
      status: 429,
      headers,
    });
  }
  return withoutSessionTokens(response);
}

export const loader = ({ request, context }: Route.LoaderArgs) => handle(request, context);
export const action = ({ request, context }: Route.ActionArgs) => handle(request, context);
