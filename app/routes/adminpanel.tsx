import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel";
import { parseAdminEmail } from "../features/admins/admin-form.schema.ts";
import { ADMIN_MESSAGES } from "../features/admins/admin-messages.ts";
import { AdminPanel, type AdminActionResult } from "../features/admins/components/admin-panel.tsx";
import { grantAdminByEmail, listAdmins, revokeAdmin } from "../features/admins/admins.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { requireAdmin } from "../access/session.server.ts";

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

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db, live } = services(context);
  const publish = live.publish;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "add") {
    const parsed = parseAdminEmail(form.get("email"));
    if (!parsed.ok) return data<AdminActionResult>({ intent, ok: false, message: parsed.error }, { status: 400 });
    const result = await grantAdminByEmail(db, parsed.email, publish);
    return data<AdminActionResult>(
      { intent, ok: result.ok, message: result.message },
      { status: result.ok ? 200 : result.reason === "no-user" ? 404 : 409 },
    );
  }
  if (intent === "remove") {
    const userId = form.get("userId");
    if (typeof userId !== "string" || !userId)
      return data<AdminActionResult>({ intent, ok: false, message: ADMIN_MESSAGES.notAdmin }, { status: 400 });
    const result = await revokeAdmin(db, userId, publish);
    return data<AdminActionResult>(
      { intent, ok: result.ok, message: result.ok ? result.message : ADMIN_MESSAGES.removeError + result.message },
      { status: result.ok ? 200 : 409 },
    );
  }
  return data<AdminActionResult>({ intent: "add", ok: false, message: ADMIN_MESSAGES.unknownAction }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Administradores",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function AdminPanelPage() {
  return <AdminPanel {...useLoaderData<typeof loader>()} />;
}
