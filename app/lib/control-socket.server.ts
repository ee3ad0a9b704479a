import { chmodSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";
import { log } from "./log.server.ts";

export type ControlResult = { ok: boolean; message: string };
/** Runs one command; `args` is the whole request, its first element the command's name. */
export type ControlHandler = (args: string[]) => Promise<ControlResult>;

/** The path stays `admin.sock`: the admin command of earlier versions connects there. */
export const controlSocketPath = (dataDir: string) => join(dataDir, "admin.sock");

/**
 * The local control channel of DESIGN.md contract 2: while the server holds the embedded
 * database, the command-line tools (admin, backup) ask it here instead of opening the files.
 * A Unix socket in DATA_DIR, mode 0600: only the data directory's owner can connect. One JSON
 * line in (an array of strings: the command and its arguments), one JSON line out.
 */
export async function startControlSocket(dataDir: string, handlers: Record<string, ControlHandler>): Promise<Server> {
  const path = controlSocketPath(dataDir);
  // A socket file left by a crashed server (we hold the directory lock, so it is not live).
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk) => {
      buffer += chunk;
      if (buffer.length > 4096) return socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      let result: ControlResult;
      try {
        const request = JSON.parse(buffer.slice(0, newline)) as unknown;
        const args = Array.isArray(request) ? request.map(String) : [];
        const handler = args.length > 0 && Object.hasOwn(handlers, args[0]!) ? handlers[args[0]!] : undefined;
        result = handler
          ? await handler(args)
          : { ok: false, message: `Orden desconocida. Órdenes: ${Object.keys(handlers).join(", ")}.` };
      } catch (error) {
        log.error("control command failed", { error });
        result = { ok: false, message: "El servidor no pudo ejecutar la orden." };
      }
      socket.end(JSON.stringify(result) + "\n");
    });
    socket.on("error", () => {});
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(path, () => resolveListen());
    });
  } finally {
    process.umask(previousMask);
  }
  chmodSync(path, 0o600);
  return server;
}

/** Sends one command to the server's control socket and waits for its answer. */
export function askControlSocket(socketPath: string, request: readonly string[]): Promise<ControlResult> {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("end", () => {
      try {
        done(JSON.parse(reply) as ControlResult);
      } catch {
        fail(new Error("respuesta ilegible del servidor"));
      }
    });
    socket.on("error", fail);
  });
}
