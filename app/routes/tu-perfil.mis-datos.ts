import type { Route } from "./+types/tu-perfil.mis-datos";
import { exportAccountData } from "../features/account/account-data.server.ts";
import { classesForExport } from "../features/classes/classes.server.ts";
import { childAccountEmail } from "../features/families/child-readers.server.ts";
import { familyExports } from "../pages/family-summary.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";

/** 'Descargar mis datos': the session's own data as a JSON file, built on the server. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const { db } = services(context);
  const exported = await exportAccountData(db, user);
  // The children an adult answers for (issue 22), whichever way they came in (issue 39): their
  // data is the adult's to download too.
  const lectoresDeTuFamilia = await familyExports(db, user);
  // The classes a teacher gives (issue 23): each class's record, and its students' data.
  const classes = await classesForExport(db, user.id);
  const tusClases = await Promise.all(
    classes.map(async (group) => ({
      nombre: group.name,
      creada: group.created_at,
      autorizacion: { declaradaPor: group.consent_by_email, fecha: group.consented_at, texto: group.consent_text },
      estudiantes: await Promise.all(
        group.studentIds.map((id) => exportAccountData(db, { id, email: childAccountEmail(id) })),
      ),
    })),
  );
  const body = {
    ...exported,
    ...(lectoresDeTuFamilia.length ? { lectoresDeTuFamilia } : {}),
    ...(classes.length ? { tusClases } : {}),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="mis-datos-valentina-y-taquito.json"',
      "Cache-Control": "no-store",
    },
  });
}
