import { useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.qr.hoja";
import { chapterName } from "../features/chapters/chapter-links.ts";
import { listChapterAddresses } from "../features/chapters/chapters.server.ts";
import { QrSheet } from "../features/qr/components/qr-sheet.tsx";
import { qrSheetEntries } from "../features/qr/qr-sheet.ts";
import { whereItLeads } from "../features/qr/qr-destinations.ts";
import { qrKnownContent } from "../pages/qr-known-content.server.ts";
import { listStudioCodes } from "../features/qr/qr-studio.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const [codes, chapters, known] = await Promise.all([
    listStudioCodes(db),
    listChapterAddresses(db),
    qrKnownContent(db),
  ]);
  // A code that opens a chapter (by its printed path or its slug) is named after it.
  const chapterAt = new Map(
    chapters.flatMap((chapter) => [
      [chapter.requiredUrl, chapterName(chapter)],
      [chapter.slugPath, chapterName(chapter)],
    ]),
  );
  // What a scan would open today: not the deactivated codes, nor those past their date.
  const now = new Date();
  const active = codes
    .filter((code) => code.active && !(code.expiresAt && code.expiresAt <= now))
    .map(({ code, label, target, guessable }) => {
      // A code that would open nothing is flagged to the admin before it is printed.
      const reach = whereItLeads(target, known);
      return {
        code,
        label,
        target,
        guessable: guessable !== null,
        nowhere: reach.kind === "nowhere" ? reach.reason : null,
      };
    });
  return { entries: qrSheetEntries(active, (target) => chapterAt.get(target) ?? null) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Hoja de códigos QR",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function QrSheetPage() {
  return <QrSheet entries={useLoaderData<typeof loader>().entries} />;
}
