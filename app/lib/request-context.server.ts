import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request each piece of work belongs to, carried through callbacks, timers and stream events
 * by Node's async context. The last-resort handlers in server/main.ts read it, so that an error
 * nobody caught is logged with the id of the request that caused it, and so does a failed mail
 * (app/lib/mail.server.ts). On globalThis: the built app carries its own copy of this module,
 * and must read the store the server (server/app.ts) set.
 */
const KEY = Symbol.for("mictlan.request-context");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<{ requestId: string }> };
const requestContext = (holder[KEY] ??= new AsyncLocalStorage<{ requestId: string }>());

export const runInRequest = <T>(requestId: string, work: () => T): T => requestContext.run({ requestId }, work);

/** The id of the request whose work is running now, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
