import { data, redirect } from "react-router";
import type { Route } from "./+types/clases";
import { CLASS_MESSAGES, CLASS_PAGE_HEADERS } from "../features/classes/class-messages.ts";
import { createClass, listClasses } from "../features/classes/classes.server.ts";
import { ClassesPage, type ClassesActionResult } from "../features/classes/components/classes-page.tsx";
import { guardianRefusal } from "../features/families/family-adult.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { familyAgeRule } from "../pages/family-age.server.ts";
import { requireTeacher } from "../pages/class-roster.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";

const NOTICES: Record<string, string> = {
  cerrada: CLASS_MESSAGES.closed,
  "cerrada-sin-csv": CLASS_MESSAGES.closedWithoutCsv,
};

/** /clases (contract): a signed-in adult's classes; a child reader is refused, a visitor sent to /login. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireTeacher({ url, context });
  const { db, mailer } = services(context);
  const [refusal, classes] = await Promise.all([
    // Who may answer for children in a family may answer for a class's (14+, confirmed e-mail).
    guardianRefusal(db, user.id, { mailConfirmation: mailer.enabled, rule: familyAgeRule }),
    listClasses(db, user.id),
  ]);
  return {
    refusal,
    classes: classes.map(({ id, name, studentCount }) => ({ id, name, studentCount })),
    notice: NOTICES[url.searchParams.get("aviso") ?? ""] ?? null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireTeacher({ url, context });
  const { db, mailer } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "crear")
    return data({ intent, formError: "No entendimos esa acción." } satisfies ClassesActionResult, { status: 400 });
  const refusal = await guardianRefusal(db, user.id, { mailConfirmation: mailer.enabled, rule: familyAgeRule });
  if (refusal) return data({ intent, formError: refusal } satisfies ClassesActionResult, { status: 403 });
  const created = await createClass(db, user, { name: form.get("name"), consent: form.get("consent") });
  if (!created.ok)
    return data(
      {
        intent,
        fieldErrors: created.errors,
        formError: created.form ?? CHECK_MARKED_FIELDS,
        sent: { name: String(form.get("name") ?? "") },
      } satisfies ClassesActionResult,
      { status: created.status },
    );
  throw redirect(`/clases/${created.classId}?aviso=creada`);
}

/** Never cached, never a Referer (see CLASS_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = () => CLASS_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Tus clases",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Clases({ loaderData }: Route.ComponentProps) {
  return <ClassesPage {...loaderData} />;
}
