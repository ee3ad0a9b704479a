/**
 * `npm run admin -- grant <email> | revoke <email> | list` (DESIGN.md contract 2).
 * With DATABASE_URL it talks to PostgreSQL. Otherwise, while the site runs it asks the server
 * through DATA_DIR/admin.sock (the embedded database belongs to one process); when the site is
 * stopped it opens the embedded database itself, holding the same lock the server takes.
 */
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import {
  parseAdminCommand,
  runAdminCommand,
  type AdminCommand,
  type AdminCommandResult,
} from "../app/features/admins/admin-command.server.ts";
import { adminSocketPath } from "../app/features/admins/admin-socket.server.ts";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server.ts";
import { lockHolder } from "../app/lib/directory-lock.server.ts";
import { applyMigrations, readMigrationsFromDir } from "../app/lib/migrate.server.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const command = parseAdminCommand(args);
if ("error" in command) {
  console.error(command.error);
  process.exit(2);
}

function askServer(socketPath: string, request: readonly string[]): Promise<AdminCommandResult> {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("end", () => {
      try {
        done(JSON.parse(reply) as AdminCommandResult);
      } catch {
        fail(new Error("respuesta ilegible del servidor"));
      }
    });
    socket.on("error", fail);
  });
}

async function runDirect(database: DatabaseHandle, adminCommand: AdminCommand): Promise<AdminCommandResult> {
  try {
    await applyMigrations(database, readMigrationsFromDir(join(root, "db/migrations")));
    // Nobody is listening for live updates while the site is stopped; NOTIFY is harmless.
    return await runAdminCommand(database.db, async () => {}, adminCommand);
  } finally {
    await database.close();
  }
}

let result: AdminCommandResult;
try {
  if (process.env.DATABASE_URL) {
    result = await runDirect(await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL }), command);
  } else {
    const dataDir = resolve(process.env.DATA_DIR || "./data");
    const socketPath = adminSocketPath(dataDir);
    if (lockHolder(dataDir) !== null && existsSync(socketPath)) {
      result = await askServer(socketPath, args);
    } else {
      result = await runDirect(await openDatabase({ kind: "pglite", dataDir }), command);
    }
  }
} catch (error) {
  console.error(`No se pudo completar la orden: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);
