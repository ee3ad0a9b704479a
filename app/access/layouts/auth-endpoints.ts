// Access: better-auth's endpoints; a child reader only reads their session and signs out (see app/routes.ts).
import type { Route } from "./+types/auth-endpoints";
import { childAuthEndpoints } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [childAuthEndpoints];
