import type { Route } from "./+types/tu-perfil.mis-datos";
import { exportAccountData } from "../features/account/account-data.server.ts";
import { childAccountEmail, listChildReaders } from "../features/families/child-readers.server.ts";
import { services } from "../composition/context.server.ts";
import { requireUser } from "../composition/session.server.ts";

/** 'Descargar mis datos': the session's own data as a JSON file, built on the server. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const { db } = services(context);
  const exported = await exportAccountData(db, user);
  // The children an adult answers for (issue 22): their data is the adult's to download too.
  const children = await listChildReaders(db, user.id);
  const lectoresDeTuFamilia = await Promise.all(
    children.map((child) => exportAccountData(db, { id: child.id, email: childAccountEmail(child.id) })),
  );
  return new Response(JSON.stringify(children.length ? { ...exported, lectoresDeTuFamilia } : exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mis-datos-valentina-y-taquito.json"',
      "Cache-Control": "no-store",
    },
  });
}
