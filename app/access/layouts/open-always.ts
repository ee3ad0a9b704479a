// Access: anyone, at any time, even before answering the age step (see app/routes.ts).
import type { Route } from "./+types/open-always";

export const middleware: Route.MiddlewareFunction[] = [];
