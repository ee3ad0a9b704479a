import { useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.estadisticas";
import { StatsReport } from "../features/analytics/components/stats-report.tsx";
import { parseStatsPeriod, PERIOD_PARAM } from "../features/analytics/stats-period.ts";
import { WaitingConsents } from "../features/guardians/components/waiting-consents.tsx";
import { waitingConsentCounts } from "../features/guardians/guardian-consent.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { authorsStats } from "../pages/authors-stats.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db, mailer } = services(context);
  const [stats, waitingConsents] = await Promise.all([
    authorsStats(db, parseStatsPeriod(url.searchParams.get(PERIOD_PARAM))),
    waitingConsentCounts(db, { mailAvailable: mailer.enabled }),
  ]);
  return { ...stats, waitingConsents };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Estadísticas",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function StatsPage() {
  const { waitingConsents, period, figures } = useLoaderData<typeof loader>();
  return (
    <StatsReport period={period} figures={figures}>
      <WaitingConsents counts={waitingConsents} />
    </StatsReport>
  );
}
