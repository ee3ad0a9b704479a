import { Link, data, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel";
import { parseAdminEmail } from "../features/admins/admin-form.schema.ts";
import { ADMIN_MESSAGES } from "../features/admins/admin-messages.ts";
import { grantAdminByEmail, listAdmins, revokeAdmin } from "../features/admins/admins.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { requireAdmin } from "../composition/session.server.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const me = await requireAdmin({ url, context });
  try {
    const admins = await listAdmins(services(context).db);
    return {
      me: me.id,
      admins: admins.map((admin) => ({ ...admin, createdAt: admin.createdAt.toISOString() })),
      loadError: null,
    };
  } catch (error) {
    log.error("admin list failed", { requestId: requestId(request), error });
    return { me: me.id, admins: [], loadError: error instanceof Error ? error.message : String(error) };
  }
}

type ActionResult = { intent: "add" | "remove"; ok: boolean; message: string };

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db, live } = services(context);
  const publish = live.publish;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "add") {
    const parsed = parseAdminEmail(form.get("email"));
    if (!parsed.ok) return data<ActionResult>({ intent, ok: false, message: parsed.error }, { status: 400 });
    const result = await grantAdminByEmail(db, parsed.email, publish);
    return data<ActionResult>(
      { intent, ok: result.ok, message: result.message },
      { status: result.ok ? 200 : result.reason === "no-user" ? 404 : 409 },
    );
  }
  if (intent === "remove") {
    const userId = form.get("userId");
    if (typeof userId !== "string" || !userId)
      return data<ActionResult>({ intent, ok: false, message: ADMIN_MESSAGES.notAdmin }, { status: 400 });
    const result = await revokeAdmin(db, userId, publish);
    return data<ActionResult>(
      { intent, ok: result.ok, message: result.ok ? result.message : ADMIN_MESSAGES.removeError + result.message },
      { status: result.ok ? 200 : 409 },
    );
  }
  return data<ActionResult>({ intent: "add", ok: false, message: "Acción desconocida." }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Administradores",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function AdminPanel() {
  const { admins, loadError } = useLoaderData<typeof loader>();
  const adder = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  const addResult = adder.state === "idle" ? adder.data : undefined;
  const removeResult = remover.state === "idle" ? remover.data : undefined;
  const canRemove = admins.length > 1;

  return (
    <div className="container py-5 admin-panel">
      <h1 className="mb-4">Administradores</h1>
      <nav aria-label="Secciones de administración" className="d-flex flex-wrap gap-2 mb-4">
        <Link to="/adminpanel/mensajes" className="btn btn-outline-primary">
          Mensajes de contacto
        </Link>
        <Link to="/adminpanel/estadisticas" className="btn btn-outline-primary">
          Estadísticas
        </Link>
      </nav>
      {loadError && (
        <div className="alert alert-danger" role="alert">
          {ADMIN_MESSAGES.loadError}
          {loadError}
        </div>
      )}

      <section className="card card-body mb-4" aria-labelledby="add-admin-title">
        <h2 id="add-admin-title" className="h5">
          Agregar administrador
        </h2>
        <adder.Form
          method="post"
          className="d-flex flex-wrap gap-2 align-items-start"
          key={addResult?.ok ? addResult.message + admins.length : "form"}
        >
          <input type="hidden" name="intent" value="add" />
          <div className="flex-grow-1">
            <label htmlFor="admin-email" className="visually-hidden">
              Correo de la cuenta
            </label>
            <input
              id="admin-email"
              name="email"
              type="email"
              required
              placeholder="correo@ejemplo.com"
              className={`form-control${addResult && !addResult.ok ? " is-invalid" : ""}`}
              aria-describedby="admin-email-message"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={adder.state !== "idle"}>
            Agregar
          </button>
        </adder.Form>
        <p
          id="admin-email-message"
          className={`mt-2 mb-0 ${addResult?.ok ? "text-success" : "text-danger"}`}
          aria-live="polite"
        >
          {addResult?.message}
        </p>
      </section>

      <section aria-labelledby="admin-list-title">
        <h2 id="admin-list-title" className="h5">
          Lista de administradores
        </h2>
        <p aria-live="polite" className={removeResult?.ok ? "text-success" : "text-danger"}>
          {removeResult?.message}
        </p>
        <ul className="list-unstyled">
          {admins.map((admin) => (
            <li
              key={admin.userId}
              className="card card-body mb-2 d-flex flex-row align-items-center justify-content-between gap-2"
            >
              <span>{admin.email}</span>
              <remover.Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(ADMIN_MESSAGES.confirmRemove)) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="userId" value={admin.userId} />
                <button
                  type="submit"
                  className="btn btn-outline-danger btn-sm"
                  disabled={!canRemove || remover.state !== "idle"}
                  aria-label={`Quitar a ${admin.email}`}
                >
                  Quitar
                </button>
              </remover.Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
