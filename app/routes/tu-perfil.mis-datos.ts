import type { Route } from "./+types/tu-perfil.mis-datos";
import { exportAccountData } from "../features/account/account-data.server.ts";
import { services } from "../composition/context.server.ts";
import { requireUser } from "../composition/session.server.ts";

/** 'Descargar mis datos': the session's own data as a JSON file, built on the server. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const exported = await exportAccountData(services(context).db, user);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mis-datos-valentina-y-taquito.json"',
      "Cache-Control": "no-store",
    },
  });
}
