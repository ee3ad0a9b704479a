import type { Db } from "../../lib/db.server.ts";
import { grantAdminByEmail, listAdmins, revokeAdminByEmail } from "./admins.server.ts";
import type { Publish } from "../../lib/live-hub.server.ts";

export type AdminCommand = { command: "grant" | "revoke"; email: string } | { command: "list" };
export type AdminCommandResult = { ok: boolean; message: string };

export function parseAdminCommand(args: readonly string[]): AdminCommand | { error: string } {
  const [command, email, ...rest] = args;
  if (command === "list" && !email) return { command: "list" };
  if ((command === "grant" || command === "revoke") && email && rest.length === 0) return { command, email };
  return { error: "Uso: npm run admin -- grant <correo> | revoke <correo> | list" };
}

/** DESIGN.md contract 2, the same rules as the admin panel (the last admin stays). */
export async function runAdminCommand(db: Db, publish: Publish, command: AdminCommand): Promise<AdminCommandResult> {
  if (command.command === "list") {
    const admins = await listAdmins(db);
    if (admins.length === 0) return { ok: true, message: "No hay administradores todavía." };
    return {
      ok: true,
      message: admins
        .map((admin) => `${admin.email}\t(desde ${admin.createdAt.toISOString().slice(0, 10)})`)
        .join("\n"),
    };
  }
  const result =
    command.command === "grant"
      ? await grantAdminByEmail(db, command.email, publish)
      : await revokeAdminByEmail(db, command.email, publish);
  if (result.ok) {
    return {
      ok: true,
      message:
        command.command === "grant"
          ? `${command.email} ahora es administrador.`
          : `${command.email} ya no es administrador.`,
    };
  }
  const reasons: Record<typeof result.reason, string> = {
    "no-user": `No hay ninguna cuenta con el correo ${command.email}. La persona debe crear su cuenta en el sitio primero.`,
    "last-admin": `No se puede quitar a ${command.email}: es el último administrador.`,
    "not-admin": `${command.email} no es administrador.`,
    "already-admin": `${command.email} ya era administrador.`,
  };
  return { ok: result.reason === "already-admin", message: reasons[result.reason] };
}

/** The admin commands on the server's control socket: `grant <email>`, `revoke <email>`, `list`. */
export function adminControlHandlers(
  db: Db,
  publish: Publish,
): Record<AdminCommand["command"], (args: string[]) => Promise<AdminCommandResult>> {
  const handle = async (args: string[]): Promise<AdminCommandResult> => {
    const command = parseAdminCommand(args);
    return "error" in command ? { ok: false, message: command.error } : runAdminCommand(db, publish, command);
  };
  return { grant: handle, revoke: handle, list: handle };
}
