import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { LoadingScreen } from "./features/layout/components/loading-screen.tsx";
import { SiteFooter } from "./features/layout/components/site-footer.tsx";
import { SiteNavbar } from "./features/layout/components/site-navbar.tsx";
import { activeNavSection, sectionOf } from "./features/layout/sections.ts";
import { isAdmin } from "./features/admins/admins.server.ts";
import { ADMINS_TOPIC } from "./features/admins/admin-topics.ts";
import { getProfile } from "./features/profiles/profiles.server.ts";
import { consentFromCookies } from "./lib/consent-cookie.ts";
import { ConsentLink } from "./features/analytics/components/consent-link.tsx";
import { PageViewTracker } from "./features/analytics/components/page-view-tracker.tsx";
import { QR_MESSAGES } from "./features/qr/qr-messages.ts";
import { UnlockToast } from "./features/unlocks/unlock-toast.tsx";
import { unlockForVisit, unlockPathsFor } from "./features/unlocks/unlocks.server.ts";
import { canonicalPathMiddleware } from "./composition/canonical-path.server.ts";
import { originCheckMiddleware, services, servicesMiddleware } from "./composition/context.server.ts";
import { log } from "./lib/log.server.ts";
import { requestBodyMiddleware } from "./lib/request-body.server.ts";
import { requestId } from "./lib/request.server.ts";
import { ageStepMiddleware, getUser, sessionMiddleware } from "./composition/session.server.ts";
import { takeRememberedScans } from "./composition/remembered-scans.server.ts";
import { useLiveRevalidation } from "./ui/use-live.ts";
import { useNonce } from "./ui/nonce.tsx";
import { NotFoundView } from "./ui/not-found-view.tsx";
import { ScriptsAfterPaint } from "./ui/scripts-after-paint.tsx";
import { SiteStyles } from "./ui/site-styles.tsx";

export const middleware: Route.MiddlewareFunction[] = [
  canonicalPathMiddleware,
  servicesMiddleware,
  originCheckMiddleware,
  requestBodyMiddleware,
  sessionMiddleware,
  ageStepMiddleware,
];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { env, db } = services(context);
  const sessionUser = await getUser(context);
  // A full page load unlocks on the server, before any JavaScript runs; client-side
  // navigations report themselves through /api/unlocks (see UnlockToast). Codes the reader
  // scanned before signing in are unlocked by their first signed-in view (decision 025).
  const fullLoad = sessionUser && request.method === "GET" && !new URL(request.url).pathname.endsWith(".data");
  const remembered = fullLoad ? await takeRememberedScans({ request, context }) : null;
  const unlocked = fullLoad
    ? await unlockForVisit(db, sessionUser.id, [
        ...unlockPathsFor(url.pathname, url.search),
        ...(remembered?.paths ?? []),
      ]).catch((error: unknown) => {
        log.error("unlock failed", { requestId: requestId(request), error });
        return null;
      })
    : null;
  const [profile, admin] = sessionUser
    ? await Promise.all([getProfile(db, sessionUser.id), isAdmin(db, sessionUser.id)])
    : [null, false];
  return data(
    {
      siteUrl: env.siteUrl,
      // Google Analytics loads only when this is set (the CSP admits its hosts only then).
      gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
      // The reader's answer to the analytics banner (a first-party cookie), so the page is
      // rendered already knowing it: no Google before 'Aceptar', no banner once answered.
      analyticsConsent: consentFromCookies(request.headers.get("cookie")),
      year: new Date().getFullYear(),
      user: sessionUser
        ? { id: sessionUser.id, email: sessionUser.email, displayName: profile?.displayName ?? "" }
        : null,
      isAdmin: admin as boolean | null,
      // What this load unlocked, for the celebration (null when nothing is new).
      celebration: unlocked?.cards.length ? unlocked : null,
    },
    // Unlocked or not (a code may have expired since), remembered scans are used once.
    remembered ? { headers: remembered.forget } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  // iOS takes its home-screen icon from here, not from the manifest (public/icon.svg, npm run icons).
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export type RootData = Awaited<ReturnType<typeof loader>>;
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it (the scripts load after the first paint,
  // decision 021): the end-to-end tests wait for it before they drive client-side behaviour.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const nonce = useNonce();
  const location = useLocation();
  const data = useRootData();
  // Chapter paths live in the database: a page is a chapter when the catch-all route found one.
  const isChapterPage = useMatches().some(
    (match) =>
      match.id === "routes/chapter" && Boolean((match.loaderData as { chapter?: unknown } | undefined)?.chapter),
  );
  const section = sectionOf(location.pathname, isChapterPage);
  return (
    // The loading screen's inline script sets a class and a custom property on <html> before
    // React hydrates (decision 002): expected, so not a mismatch to report.
    <html lang="es" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a1446" />
        <SiteStyles />
        <Meta />
        <Links />
      </head>
      <body className={`section-${section}`}>
        <LoadingScreen />
        <a href="#contenido" className="visually-hidden-focusable skip-link">
          Saltar al contenido
        </a>
        <SiteNavbar
          activeSection={activeNavSection(section)}
          user={data?.user ?? null}
          isAdmin={data?.isAdmin ?? null}
        />
        <main id="contenido" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter year={data?.year ?? new Date().getFullYear()}>
          {data?.gaMeasurementId ? <ConsentLink /> : null}
        </SiteFooter>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <ScriptsAfterPaint />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  const data = useRootData();
  // The admin flag is live: granting or revoking shows or hides the admin link without a reload.
  useLiveRevalidation(data?.user ? [ADMINS_TOPIC] : []);
  // Keyed on the path: each page fades in (SPEC.md: fade transition between pages).
  const navigation = useNavigation();
  const checkingQr = navigation.state === "loading" && navigation.location.pathname.startsWith("/qr/");
  return (
    <>
      <div className="page-fade" key={location.pathname}>
        <Outlet />
      </div>
      {checkingQr && (
        <div className="qr-checking" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {QR_MESSAGES.verifying}
        </div>
      )}
      <UnlockToast userId={data?.user?.id ?? null} celebrationOnLoad={data?.celebration ?? null} />
      <PageViewTracker
        gaMeasurementId={data?.gaMeasurementId ?? null}
        initialConsent={data?.analyticsConsent ?? null}
      />
    </>
  );
}

/** The error page's words per status; any other 4xx says what the server said, in Spanish. */
const ERROR_PAGES: Record<number, { title: string; message: string }> = {
  400: {
    title: "Solicitud no válida",
    message: "No entendimos lo que se envió. Vuelve a la página e inténtalo de nuevo.",
  },
  403: { title: "No tienes permiso", message: "Esta página es solo para administradores." },
  404: {
    title: "Página no encontrada",
    message: "Algunas páginas están bloqueadas hasta que completes los capítulos del libro.",
  },
  405: { title: "Acción no permitida", message: "Esta página no acepta ese tipo de envío." },
  429: { title: "Demasiadas solicitudes", message: "Espera un momento antes de intentarlo de nuevo." },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <>
        <title>Página no encontrada | Valentina y Taquito</title>
        <meta name="robots" content="noindex, follow" />
        <NotFoundView />
      </>
    );
  let title = "Algo salió mal";
  let message = "Tuvimos un problema al mostrar esta página. Intenta de nuevo en un momento.";
  if (isRouteErrorResponse(error) && error.status < 500) {
    // React Router's own refusals (`internal`) carry English text meant for developers.
    const ours = !(error as { internal?: boolean }).internal && typeof error.data === "string" && error.data;
    const page = ERROR_PAGES[error.status];
    title = page?.title ?? "No pudimos atender tu solicitud";
    message = (error.status !== 404 && error.status !== 403 && ours) || page?.message || message;
  }
  return (
    <div className="container py-5 text-center error-page">
      <title>{`${title} | Valentina y Taquito`}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p className="lead">{message}</p>
      <a href="/" className="btn btn-warning">
        Volver al inicio
      </a>
    </div>
  );
}
