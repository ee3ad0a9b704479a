// Access: signed-in readers, children included; visitors go to /login (see app/routes.ts).
import type { Route } from "./+types/readers";
import { ageAnswered, signedIn } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [signedIn, ageAnswered];
