// Access: anyone; a signed-in reader has answered the age step first (see app/routes.ts).
import type { Route } from "./+types/everyone";
import { ageAnswered } from "../guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [ageAnswered];
