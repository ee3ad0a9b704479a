import type { Server } from "node:net";
import { log } from "../app/lib/log.server.ts";

/** What the person starting the server reads when it cannot take its port: one line, no stack. */
export function listenFailureMessage(error: NodeJS.ErrnoException, port: number, variable = "PORT"): string {
  switch (error.code) {
    case "EADDRINUSE":
      return `port ${port} is already in use: another instance (or program) is listening there; stop it or set ${variable} to a free port`;
    case "EACCES":
      return `port ${port} needs privileges this user does not have: use a port above 1023 behind the proxy`;
    default:
      return `could not listen on port ${port}: ${error.message}`;
  }
}

/**
 * A server that cannot listen says why in one line, closes what it opened (the database, the
 * data directory's lock) and exits 1, instead of an uncaught `listen` error's stack trace.
 */
export function exitWhenListenFails(
  server: Server,
  port: number,
  closeServices: () => Promise<void>,
  variable = "PORT",
) {
  const onError = (error: NodeJS.ErrnoException) => {
    log.error(listenFailureMessage(error, port, variable), { code: error.code });
    void closeServices()
      .catch(() => {})
      .finally(() => process.exit(1));
  };
  server.once("error", onError);
  // Once listening, errors belong to the last-line handlers of server/main.ts.
  server.once("listening", () => server.off("error", onError));
}
