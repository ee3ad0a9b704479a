import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
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
import { ADMINS_TOPIC } from "./features/admins/admin-topics.ts";
import { ConsentLink } from "./features/analytics/components/consent-link.tsx";
import { PageViewTracker } from "./features/analytics/components/page-view-tracker.tsx";
import { QR_MESSAGES } from "./features/qr/qr-messages.ts";
import { UnlockToast } from "./features/unlocks/unlock-toast.tsx";
import { canonicalPathMiddleware } from "./access/canonical-path.server.ts";
import { servicesMiddleware } from "./runtime/context.server.ts";
import { originCheckMiddleware } from "./access/origin-check.server.ts";
import { rootData } from "./pages/root-data.server.ts";
import { requestBodyMiddleware } from "./lib/request-body.server.ts";
import { studentSessionMiddleware } from "./access/class-session.server.ts";
import { travelOwnerMiddleware } from "./access/travel-owner.server.ts";
import { sessionMiddleware } from "./access/session.server.ts";
import { useLiveRevalidation } from "./ui/use-live.ts";
import { useNonce } from "./ui/nonce.tsx";
import { ErrorPage } from "./ui/error-page.tsx";
import { RestoreScriptsAfterPaint } from "./ui/restore-scripts-after-paint.tsx";
import { SiteStyles } from "./ui/site-styles.tsx";
import { wholeStylesheetBeforeNavigation } from "./ui/whole-stylesheet.ts";

export const middleware: Route.MiddlewareFunction[] = [
  canonicalPathMiddleware,
  servicesMiddleware,
  originCheckMiddleware,
  requestBodyMiddleware,
  sessionMiddleware,
  studentSessionMiddleware,
  // Last, so that it reads the reader every other middleware settled (decision 075).
  travelOwnerMiddleware,
];

// Each page carries its route's part of the stylesheet; another route needs the rest (decision 080).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [wholeStylesheetBeforeNavigation];

export const loader = ({ request, url, context }: Route.LoaderArgs) => rootData(request, url, context);

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  // iOS takes its home-screen icon from here, not from the manifest (public/icon.svg, npm run icons).
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export type RootData = Awaited<ReturnType<typeof rootData>>;
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

/**
 * The page's <html>, on the server. In the browser Preact hydrates into <html> itself (it takes a
 * document to mean its root element), so there the tree starts at <head> and <body>: an <html>
 * rendered there too would be built inside the first one, a second copy of the page (decision 083).
 */
function DocumentElement({ children }: { children: React.ReactNode }) {
  if (!import.meta.env.SSR) return <>{children}</>;
  return (
    // The loading screen's inline script sets a class and a custom property on <html> before
    // the page hydrates (decision 002): expected, so not a mismatch to report.
    <html lang="es" suppressHydrationWarning>
      {children}
    </html>
  );
}

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
    <DocumentElement>
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
          familyDevice={data?.familyDevice}
        />
        <main id="contenido" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter year={data?.year ?? new Date().getFullYear()}>
          {data?.gaMeasurementId ? <ConsentLink /> : null}
        </SiteFooter>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <RestoreScriptsAfterPaint />
      </body>
    </DocumentElement>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
