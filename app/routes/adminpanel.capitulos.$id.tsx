import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.capitulos.$id";
import { ChapterEditor, type ChapterFormValues } from "../features/chapters/components/chapter-editor.tsx";
import { BODY_MAX, parseChapterForm, type ChapterFieldErrors } from "../features/chapters/chapter.schema.ts";
import {
  getEditorChapter,
  proposeTokenPath,
  renderChapterMarkdown,
  saveChapter,
} from "../features/chapters/chapter-editor.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../services/context.server.ts";
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
    return { isNew: true, values, preview: "" };
  }
  const chapter = await getEditorChapter(services(context).db, params.id);
  if (!chapter) throw data(null, { status: 404 });
  return { isNew: false, values: chapter as ChapterFormValues, preview: renderChapterMarkdown(chapter.markdown) };
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
  const { isNew, values, preview } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <ChapterEditor
      // The form is uncontrolled: after a refused save the author's text stays as typed.
      isNew={isNew}
      values={values}
      preview={preview}
      errors={result?.errors ?? {}}
      message={result?.preview === undefined ? (result?.message ?? null) : null}
    />
  );
}
