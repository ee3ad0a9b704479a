// Access: admins only; visitors go to /login, other readers get a 403 page (see app/routes.ts).
import type { Route } from "./+types/admins";
import { adminsOnly, adultsOnly, ageAnswered, signedIn } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [signedIn, adultsOnly, adminsOnly, ageAnswered];
