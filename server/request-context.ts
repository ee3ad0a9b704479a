// One store for the server and the built app (app/lib/request-context.server.ts says why).
export { currentRequestId, runInRequest } from "../app/lib/request-context.server.ts";
