import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request each piece of work belongs to, carried through callbacks, timers and stream events
 * by Node's async context. The last-resort handlers in server/main.ts read it, so that an error
 * nobody caught is logged with the id of the request that caused it.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => requestContext.run({ requestId }, work);

/** The id of the request whose work is running now, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
