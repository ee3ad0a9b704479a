/**
 * `npm run admin -- grant <email> | revoke <email> | list` (DESIGN.md contract 2).
 * With DATABASE_URL it talks to PostgreSQL. Otherwise, while the site runs it asks the server
 * through its control socket DATA_DIR/admin.sock (the embedded database belongs to one process); when the site is
 * stopped it opens the embedded database itself, holding the same lock the server takes.
 * It first says which database it acts on (on stderr: stdout stays the answer), and refuses to
 * create an embedded database where none exists: a command run without the site's DATABASE_URL
 * or DATA_DIR would otherwise answer from an empty one that no account is in.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  parseAdminCommand,
  runAdminCommand,
  type AdminCommand,
  type AdminCommandResult,
} from "../app/features/admins/admin-command.server.ts";
import { askControlSocket, controlSocketPath } from "../app/lib/control-socket.server.ts";
import { describePostgresUrl, openDatabase, pgdataPath, type DatabaseHandle } from "../app/lib/db.server.ts";
import { isDirectoryLocked } from "../app/lib/directory-lock.server.ts";
import { applyMigrations, readMigrationsFromDir } from "../app/lib/migration-runner.server.ts";
import { restrictNewFilesToOwner } from "../app/lib/private-files.server.ts";
import { runAsProcess, type Command } from "./command-line.ts";

const root = resolve(import.meta.dirname, "..");

async function runDirect(database: DatabaseHandle, adminCommand: AdminCommand): Promise<AdminCommandResult> {
  try {
    await applyMigrations(database, readMigrationsFromDir(join(root, "db/migrations")));
    // Nobody is listening for live updates while the site is stopped; NOTIFY is harmless.
    return await runAdminCommand(database.db, async () => {}, adminCommand);
  } finally {
    await database.close();
  }
}

export const adminCommandLine: Command = async ({ args, env, cwd, output }) => {
  const command = parseAdminCommand(args);
  if ("error" in command) {
    output.err(command.error);
    return 2;
  }
  let result: AdminCommandResult;
  try {
    if (env.DATABASE_URL) {
      output.err(`Base de datos: PostgreSQL en ${describePostgresUrl(env.DATABASE_URL)} (DATABASE_URL)`);
      result = await runDirect(await openDatabase({ kind: "postgres", url: env.DATABASE_URL }), command);
    } else {
      const dataDir = resolve(cwd, env.DATA_DIR || "./data");
      if (!existsSync(pgdataPath(dataDir))) {
        output.err(
          `No hay ninguna base de datos en ${dataDir}. Si el sitio usa PostgreSQL, exporta su DATABASE_URL; ` +
            `si guarda sus datos en otra carpeta, su DATA_DIR. No se ha creado nada.`,
        );
        return 1;
      }
      output.err(`Base de datos: la integrada en ${dataDir} (DATA_DIR)`);
      const socketPath = controlSocketPath(dataDir);
      const asked =
        existsSync(socketPath) && (await isDirectoryLocked(dataDir))
          ? await askControlSocket(socketPath, args).catch((error: NodeJS.ErrnoException) => {
              // A server killed a moment ago: its lock is not stale yet, but nobody answers.
              if (error.code === "ECONNREFUSED" || error.code === "ENOENT") return null;
              throw error;
            })
          : null;
      result = asked ?? (await runDirect(await openDatabase({ kind: "pglite", dataDir }), command));
    }
  } catch (error) {
    output.err(`No se pudo completar la orden: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  (result.ok ? output.out : output.err)(result.message);
  return result.ok ? 0 : 1;
};

if (import.meta.main) {
  restrictNewFilesToOwner();
  await runAsProcess(adminCommandLine);
}
