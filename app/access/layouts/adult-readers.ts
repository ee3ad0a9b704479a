// Access: signed-in readers who are not a family's child or a class's student (see app/routes.ts).
import type { Route } from "./+types/adult-readers";
import { adultsOnly, ageAnswered, signedIn } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [signedIn, adultsOnly, ageAnswered];
