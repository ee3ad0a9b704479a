import { useState } from "react";
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  useParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/adminpanel.capitulos.$id";
import { ChapterEditor, type ChapterFormValues } from "../features/chapters/components/chapter-editor.tsx";
import { BODY_MAX, parseChapterForm, type ChapterFieldErrors } from "../features/chapters/chapter.schema.ts";
import {
  getEditorChapter,
  proposeTokenPath,
  renderChapterMarkdown,
  saveChapter,
} from "../features/chapters/chapter-editor.server.ts";
import { createQrCode, listCodesTo, proposeQrCode } from "../features/qr/qr-studio.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";

const NEW = "nuevo";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  if (params.id === NEW) {
    const values: ChapterFormValues = {
      title: "",
      subtitle: "",
      number: "",
      slug: "",
      layout: "first",
      requiredUrlText: "",
      requiredUrl: proposeTokenPath(),
      commentPrompt: "",
      description: "",
      teaser: "",
      markdown: "",
      images: [],
    };
    return { isNew: true, values, preview: "", codes: [] };
  }
  const { db } = services(context);
  const chapter = await getEditorChapter(db, params.id);
  if (!chapter) throw data(null, { status: 404 });
  const codes = (await listCodesTo(db, [chapter.requiredUrl])).map(({ code }) => code);
  return {
    isNew: false,
    values: chapter as ChapterFormValues,
    preview: renderChapterMarkdown(chapter.markdown),
    codes,
  };
}

/**
 * The live preview and the image uploads change nothing this page shows: no reload of the
 * chapter (nor a new proposed path) after them.
 */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "preview" || formAction === "/adminpanel/imagenes") return false;
  return defaultShouldRevalidate;
}

type ActionResult = { preview?: string; errors?: ChapterFieldErrors; message?: string };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db, live } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "preview") {
    // The live preview: converted and sanitised exactly as a save would, nothing written.
    const markdown = form.get("markdown");
    if (typeof markdown !== "string" || markdown.length > BODY_MAX)
      return data<ActionResult>({ message: "Texto no válido." }, { status: 400 });
    return { preview: renderChapterMarkdown(markdown) } satisfies ActionResult;
  }
  if (intent === "create-qr") {
    // 'Crear su código QR': the studio's code for this chapter's saved printed path, made once.
    const chapter = params.id === NEW ? null : await getEditorChapter(db, params.id);
    if (!chapter) return data<ActionResult>({ message: "Ese capítulo ya no existe." }, { status: 404 });
    const [existing] = await listCodesTo(db, [chapter.requiredUrl]);
    if (existing) throw redirect(`/adminpanel/qr#qr-${existing.code}`);
    let code = proposeQrCode();
    // No label: the studio and the printed sheet name it after the chapter, whatever it is called later.
    while (!(await createQrCode(db, { code, target: chapter.requiredUrl, label: "", expiresAt: null })))
      code = proposeQrCode();
    throw redirect(`/adminpanel/qr?creado=${code}#qr-${code}`);
  }
  if (intent !== "save") return data<ActionResult>({ message: "Acción desconocida." }, { status: 400 });
  const parsed = parseChapterForm(form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, message: CHECK_MARKED_FIELDS }, { status: 400 });
  const result = await saveChapter(db, live.publish, params.id === NEW ? null : params.id, parsed.data);
  if (!result.ok)
    return data<ActionResult>(
      {
        errors: result.errors,
        message: result.status === 404 ? "Ese capítulo ya no existe." : CHECK_MARKED_FIELDS,
      },
      { status: result.status },
    );
  throw redirect("/adminpanel/capitulos?guardado=1");
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Editar capítulo",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function ChapterEditorPage() {
  // One form per chapter: another chapter's page starts afresh (and a new chapter gets its own path).
  return <ChapterEditorForm key={useParams().id} />;
}

function ChapterEditorForm() {
  const { isNew, values, preview, codes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  // A new chapter's printed path is proposed once, when the form first shows, and kept until it
  // is saved: a revalidation (a refused save) proposes another, which must not replace the one
  // the author may already have copied (issue 40).
  const [proposedPath] = useState(values.requiredUrl);
  const chapterId = useParams().id;
  return (
    <ChapterEditor
      // The form is uncontrolled: after a refused save the author's text stays as typed.
      isNew={isNew}
      values={isNew ? { ...values, requiredUrl: proposedPath } : values}
      codes={isNew ? null : codes}
      narrationHref={isNew ? null : `/adminpanel/capitulos/${chapterId}/narracion`}
      preview={preview}
      errors={result?.errors ?? {}}
      message={result?.preview === undefined ? (result?.message ?? null) : null}
    />
  );
}
