import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacidad";
import {
  PAGE_VIEW_DAY_RETENTION_DAYS,
  PAGE_VIEW_RETENTION_DAYS,
  ACTIVE_READER_OPEN_DAYS,
} from "../features/analytics/page-views.server.ts";
import { SMALL_COUNT_LIMIT } from "../features/analytics/small-counts.ts";
import { PrivacyPage } from "../features/privacy/components/privacy-page.tsx";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { STUDENT_IDLE_SECONDS } from "../access/class-session.server.ts";
import { SESSION_DAYS } from "../lib/auth.server.ts";
import { PASSWORD_RESET_LINK_MINUTES } from "../lib/password-reset-timing.ts";

/** The figures the page states come from the code that applies them. */
export function loader({ context }: Route.LoaderArgs) {
  return {
    facts: {
      pageViewDays: PAGE_VIEW_RETENTION_DAYS,
      pageViewCountDays: PAGE_VIEW_DAY_RETENTION_DAYS,
      activeReaderOpenDays: ACTIVE_READER_OPEN_DAYS,
      smallCountLimit: SMALL_COUNT_LIMIT,
      resetLinkMinutes: PASSWORD_RESET_LINK_MINUTES,
      sessionDays: SESSION_DAYS,
      studentIdleMinutes: STUDENT_IDLE_SECONDS / 60,
      analytics: Boolean(services(context).env.GA_MEASUREMENT_ID),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Privacidad",
    description:
      "Qué datos guarda el sitio de Valentina y Taquito, para qué, cuánto tiempo, quién los ve y cómo borrarlos.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
  });

export default function Privacidad() {
  return <PrivacyPage facts={useLoaderData<typeof loader>().facts} />;
}
