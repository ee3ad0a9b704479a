import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.qr";
import { QrStudio, type QrActionResult } from "../features/qr/components/qr-studio.tsx";
import { parseQrForm, qrCreateSchema, qrUpdateSchema, QR_FIELD_MESSAGES } from "../features/qr/qr-code.schema.ts";
import {
  createQrCode,
  listStudioCodes,
  proposeQrCode,
  qrCodeUrl,
  replaceQrCode,
  setQrCodeActive,
  unknownScans,
  updateQrCode,
} from "../features/qr/qr-studio.server.ts";
import { destinations, scanOutcome, whereItLeads, type CodeReach } from "../features/qr/qr-destinations.ts";
import { qrKnownContent } from "../pages/qr-known-content.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";
import { sparkColumns } from "../lib/chart-scenes.server.ts";
import { onFirstUse } from "../lib/on-first-use.ts";

const naturalOrder = onFirstUse(() => new Intl.Collator("es", { numeric: true }));

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db, env } = services(context);
  const [codes, unknown, known] = await Promise.all([listStudioCodes(db), unknownScans(db), qrKnownContent(db)]);
  const now = new Date();
  // Listed by what they open: the book's chapters in its order, then characters, pages, and
  // last the codes that open nothing.
  const chapterOrder = new Map(known.chapters.map((chapter, index) => [chapter.name, index]));
  const rank = (reach: CodeReach) =>
    reach.kind === "chapter" ? 0 : reach.kind === "character" ? 1 : reach.kind === "page" ? 2 : 3;
  const listed = codes
    .map((code) => ({ code, reach: whereItLeads(code.target, known) }))
    .sort(
      (a, b) =>
        rank(a.reach) - rank(b.reach) ||
        (a.reach.kind === "chapter" && b.reach.kind === "chapter"
          ? chapterOrder.get(a.reach.name)! - chapterOrder.get(b.reach.name)!
          : 0) ||
        naturalOrder().compare("name" in a.reach ? a.reach.name : "", "name" in b.reach ? b.reach.name : "") ||
        naturalOrder().compare(a.code.code, b.code.code),
    );
  const created = url.searchParams.get("creado");
  return {
    proposal: proposeQrCode(),
    unknown,
    destinations: destinations(known),
    // Said once the chapter editor's 'Crear su código QR' brought the author here.
    created: created && codes.some((code) => code.code === created) ? created : null,
    codes: listed.map(({ code, reach }) => ({
      ...code,
      createdAt: code.createdAt.toISOString(),
      expiresAt: code.expiresAt?.toISOString() ?? null,
      url: qrCodeUrl(env.siteUrl, code.code),
      // Drawn here, on the server: the page receives shapes, never charting code.
      scanChart: sparkColumns(code.perDay),
      reach,
      outcome: scanOutcome(code, reach, now),
    })),
  };
}

const refuse = (intent: string, code: string | null, message: string, status: number, errors = {}) =>
  data<QrActionResult>({ ok: false, intent, code, message, errors }, { status });

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const parsed = parseQrForm(qrCreateSchema, form);
    if (!parsed.ok) return refuse(intent, null, CHECK_MARKED_FIELDS, 400, parsed.errors);
    if (!(await createQrCode(db, parsed.data)))
      return refuse(intent, null, QR_FIELD_MESSAGES.codeTaken, 409, { code: QR_FIELD_MESSAGES.codeTaken });
    return { ok: true as const, intent, code: parsed.data.code, message: `Código «${parsed.data.code}» creado.` };
  }
  const code = form.get("code");
  if (typeof code !== "string" || !code) return refuse(intent, null, "Falta el código.", 400);
  if (intent === "update") {
    const parsed = parseQrForm(qrUpdateSchema, form);
    if (!parsed.ok) return refuse(intent, code, CHECK_MARKED_FIELDS, 400, parsed.errors);
    if (!(await updateQrCode(db, code, parsed.data))) return refuse(intent, code, "Ese código ya no existe.", 404);
    return { ok: true as const, intent, code, message: "Cambios guardados." };
  }
  if (intent === "replace") {
    const replaced = await replaceQrCode(db, code);
    if (!replaced) return refuse(intent, code, "Ese código ya no existe.", 404);
    return {
      ok: true as const,
      intent,
      code: replaced.to,
      replaced: replaced.from,
      message: `«${replaced.from}» ahora es «${replaced.to}»: mismo destino y mismos escaneos. El código anterior ya no funciona.`,
    };
  }
  if (intent === "activate" || intent === "deactivate") {
    if (!(await setQrCodeActive(db, code, intent === "activate")))
      return refuse(intent, code, "Ese código ya no existe.", 404);
    return {
      ok: true as const,
      intent,
      code,
      message: intent === "activate" ? "Código activado." : "Código desactivado.",
    };
  }
  return refuse(intent, null, "Acción desconocida.", 400);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Códigos QR",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function QrStudioPage() {
  return <QrStudio {...useLoaderData<typeof loader>()} />;
}
