import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.capitulos";
import { ChapterList } from "../features/chapters/components/chapter-editor.tsx";
import { listEditorChapters, moveChapter, setChapterHidden } from "../features/chapters/chapter-editor.server.ts";
import { listCodesTo } from "../features/qr/qr-studio.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const chapters = await listEditorChapters(db);
  const codes = await listCodesTo(
    db,
    chapters.map((chapter) => chapter.requiredUrl),
  );
  return {
    // The printed path stays here: the list shows each chapter's codes, not its path.
    chapters: chapters.map(({ requiredUrl, ...chapter }) => ({
      ...chapter,
      codes: codes.filter((code) => code.target === requiredUrl).map(({ code }) => code),
    })),
    saved: url.searchParams.has("guardado"),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db, live } = services(context);
  const form = await request.formData();
  const id = form.get("id");
  const intent = form.get("intent");
  if (typeof id !== "string" || !id) return data({ ok: false, message: "Falta el capítulo." }, { status: 400 });
  let found: boolean;
  if (intent === "up" || intent === "down") found = await moveChapter(db, live.publish, id, intent);
  else if (intent === "hide" || intent === "show")
    found = await setChapterHidden(db, live.publish, id, intent === "hide");
  else return data({ ok: false, message: "Acción desconocida." }, { status: 400 });
  return found
    ? { ok: true, message: "Listo." }
    : data({ ok: false, message: "Ese capítulo ya no existe." }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Capítulos (editor)",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function ChapterListPage() {
  return <ChapterList {...useLoaderData<typeof loader>()} />;
}
