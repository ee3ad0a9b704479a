import { useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.estadisticas";
import { StatsReport } from "../features/analytics/components/stats-report.tsx";
import { pageViewStats } from "../features/analytics/page-views.server.ts";
import { WaitingConsents } from "../features/guardians/components/waiting-consents.tsx";
import { waitingConsentCounts } from "../features/guardians/guardian-consent.server.ts";
import { unknownQrScanCounts } from "../features/qr/qr.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireAdmin } from "../composition/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db, mailer } = services(context);
  const [stats, unknownQrScans, waitingConsents] = await Promise.all([
    pageViewStats(db),
    unknownQrScanCounts(db),
    waitingConsentCounts(db, { mailAvailable: mailer.enabled }),
  ]);
  return { ...stats, unknownQrScans, waitingConsents };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Estadísticas",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function StatsPage() {
  const { waitingConsents, ...stats } = useLoaderData<typeof loader>();
  return (
    <StatsReport {...stats}>
      <WaitingConsents counts={waitingConsents} />
    </StatsReport>
  );
}
