import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Db } from "../../lib/db.server.ts";
import { log } from "../../lib/log.server.ts";
import { parseAdminCommand, runAdminCommand, type AdminCommandResult } from "./admin-command.server.ts";
import type { Publish } from "../../lib/live.server.ts";

export const adminSocketPath = (dataDir: string) => join(dataDir, "admin.sock");

/**
 * The local channel of contract 2: while the server holds the embedded database, the admin
 * command asks it here instead of opening the files. A Unix socket in DATA_DIR, mode 0600:
 * only the data directory's owner can connect. One JSON line in, one JSON line out.
 */
export async function startAdminSocket(dataDir: string, db: Db, publish: Publish): Promise<Server> {
  const path = adminSocketPath(dataDir);
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
      let result: AdminCommandResult;
      try {
        const args = JSON.parse(buffer.slice(0, newline)) as unknown;
        const command = Array.isArray(args) ? parseAdminCommand(args.map(String)) : { error: "bad request" };
        result =
          "error" in command ? { ok: false, message: command.error } : await runAdminCommand(db, publish, command);
      } catch (error) {
        log.error("admin command failed", { error });
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
