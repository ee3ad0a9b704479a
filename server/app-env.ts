import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { RefusedVariables } from "./request-target.ts";
import type { InlineHashes } from "./shared-visitor-page.ts";

/** What the site's HTTP app keeps per request (server/app.ts), for its middlewares and page handler. */
export type AppEnv = {
  Variables: RequestIdVariables &
    SecureHeadersVariables &
    RefusedVariables & { staticFile?: boolean; sharedPage?: InlineHashes; stylesheetHole?: boolean };
};
