// Access: the age step itself: adult readers, who may not have answered it yet (see app/routes.ts).
import type { Route } from "./+types/age-question";
import { adultsOnly, signedIn } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [signedIn, adultsOnly];
