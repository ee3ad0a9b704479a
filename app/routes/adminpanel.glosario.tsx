import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.glosario";
import { GlossaryEditor, type GlossaryActionResult } from "../features/glossary/components/glossary-editor.tsx";
import { GLOSSARY_MESSAGES, parseGlossaryForm } from "../features/glossary/glossary.schema.ts";
import {
  addGlossaryWord,
  deleteGlossaryWord,
  listGlossary,
  updateGlossaryWord,
} from "../features/glossary/glossary.server.ts";
import { checkRecording, demoRecordingUrls, keepRecording } from "../features/glossary/glossary-recordings.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const [words, demoRecordings] = await Promise.all([listGlossary(db), demoRecordingUrls(db)]);
  return { words, demoRecordings };
}

/** Add, save or delete one glossary word. Admins only; bad input answers 400 and writes nothing. */
export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db, contentCache } = services(context);
  // The chapters kept glossed on this instance go at once: the admin's next page shows the change
  // before the database's notice arrives (on PostgreSQL it comes a moment later).
  const forgetGlossedChapters = () => contentCache.clear();
  const form = await request.formData();
  const intent = form.get("intent");
  const id = typeof form.get("id") === "string" ? String(form.get("id")) : "";
  const key = id || "nueva";
  const fail = (status: number, message: string, errors?: GlossaryActionResult["errors"]) =>
    data<GlossaryActionResult>({ key, ok: false, message, errors }, { status });

  if (intent === "delete") {
    if (!id || !(await deleteGlossaryWord(db, id))) return fail(404, GLOSSARY_MESSAGES.notFound);
    forgetGlossedChapters();
    return { key, ok: true, message: GLOSSARY_MESSAGES.deleted };
  }
  if (intent !== "add" && intent !== "save") return fail(400, GLOSSARY_MESSAGES.invalid);
  const parsed = parseGlossaryForm(form);
  if (!parsed.ok) return fail(400, GLOSSARY_MESSAGES.invalid, parsed.errors);
  // A recording uploaded with the word replaces the address typed in its field, once it has
  // been parsed and kept; a file that is not one answers 400 and nothing of the word is written.
  // The recording and the word are written together: a word refused (a duplicate, gone) keeps
  // no recording of its own behind it.
  const upload = form.get("audioFile");
  const recording =
    upload instanceof File && upload.size > 0 ? await checkRecording(new Uint8Array(await upload.arrayBuffer())) : null;
  if (recording && !recording.ok) return fail(400, GLOSSARY_MESSAGES.invalid, { audioFile: recording.error });
  const written = await db
    .transaction()
    .execute(async (trx) => {
      if (recording) parsed.data.audioUrl = await keepRecording(trx, recording);
      const word =
        intent === "add" ? await addGlossaryWord(trx, parsed.data) : await updateGlossaryWord(trx, id, parsed.data);
      if (!word.ok) throw new WordRefused(word.reason);
      return word;
    })
    .catch((error: unknown) => {
      if (error instanceof WordRefused) return { ok: false as const, reason: error.reason };
      throw error;
    });
  if (!written.ok && written.reason === "duplicate")
    return fail(409, GLOSSARY_MESSAGES.invalid, { word: GLOSSARY_MESSAGES.duplicate });
  if (!written.ok) return fail(404, GLOSSARY_MESSAGES.notFound);
  forgetGlossedChapters();
  return { key, ok: true, message: intent === "add" ? GLOSSARY_MESSAGES.added : GLOSSARY_MESSAGES.saved };
}

/** Rolls the word's transaction back, its recording with it. */
class WordRefused extends Error {
  constructor(readonly reason: "duplicate" | "not-found") {
    super(reason);
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Glosario", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function AdminGlossaryPage() {
  return <GlossaryEditor {...useLoaderData<typeof loader>()} />;
}
