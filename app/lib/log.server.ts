import { redactSecretsInText } from "./secret-text.server.ts";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

let threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? "info"] ?? order.info;

export function setLogLevel(level: Level | "silent") {
  threshold = order[level];
}

/** The level lines are written from (a test that sets its own gives the previous one back). */
export const logLevel = () => (Object.keys(order) as (Level | "silent")[]).find((level) => order[level] === threshold)!;

// On globalThis: the built app carries its own copy of this module, and its lines must say it too.
const INSTANCE = Symbol.for("mictlan.log.instance");
const named = globalThis as { [INSTANCE]?: string };

/**
 * Names the process on every line from now on (server/log-instance.ts): several instances write
 * to one place (compose's logs, a journal), and a line must say which one wrote it.
 */
export function setLogInstance(name: string | undefined) {
  named[INSTANCE] = name;
}

/**
 * Every string of a line loses the secrets an address may carry (a login card's, a reset
 * link's: app/lib/secret-paths.ts), whoever wrote it: the access log's path, an error's message
 * or stack, a URL in any field. Logs are kept and shipped where no credential belongs.
 */
const scrubbed = (_key: string, value: unknown) => (typeof value === "string" ? redactSecretsInText(value) : value);

/** One JSON object per line on stdout: easy to grep, easy to ship to any log store. */
function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const entry: Record<string, unknown> = {
    time: new Date().toISOString(),
    level,
    instance: named[INSTANCE],
    msg: message,
    ...fields,
  };
  if (fields?.error instanceof Error) {
    entry.error = { name: fields.error.name, message: fields.error.message, stack: fields.error.stack };
  }
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(
    JSON.stringify(entry, scrubbed) + "\n",
  );
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
