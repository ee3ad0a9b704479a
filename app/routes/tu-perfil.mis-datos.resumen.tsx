import { useLoaderData } from "react-router";
import type { Route } from "./+types/tu-perfil.mis-datos.resumen";
import { summariseAccountData } from "../features/account/account-summary.server.ts";
import { SUMMARY_LABELS } from "../features/account/account-summary-labels.ts";
import { AccountSummaryPage } from "../features/account/components/account-summary.tsx";
import { clanById } from "../features/profiles/clans.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { familySummaries } from "../pages/family-summary.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireUser } from "../access/session.server.ts";

/** 'Ver mis datos': the session's own data in words, for a parent to read or print. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser({ url, context });
  const { db } = services(context);
  const summary = await summariseAccountData(db, user, (clan) => clanById(clan).name);
  // The children the reader answers for, as the JSON file lists them (issue 39).
  return { summary, family: await familySummaries(db, user) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: SUMMARY_LABELS.title,
    description: SUMMARY_LABELS.intro,
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function AccountDataSummary() {
  const { summary, family } = useLoaderData<typeof loader>();
  return <AccountSummaryPage summary={summary} family={family} />;
}
