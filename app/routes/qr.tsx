import { useEffect } from "react";
import { Link, data, redirect, useLoaderData, useNavigate } from "react-router";
import type { Route } from "./+types/qr";
import { QR_GUESSING_MESSAGES, QR_MESSAGES } from "../features/qr/qr-messages.ts";
import { lookUpQrCode, recordQrScan } from "../features/qr/qr.server.ts";
import { services } from "../runtime/context.server.ts";
import { rememberScanOfVisitor } from "../pages/remembered-scans.server.ts";
import { log } from "../lib/log.server.ts";
import { clientIp } from "../lib/request.server.ts";
import { mayCountView } from "../features/analytics/page-views.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const address = clientIp(request);
  const resolution = await lookUpQrCode(db, params.code, address);
  if (resolution.state === "limited") {
    const retryAfter = String(resolution.retryAfterSeconds);
    return data({ state: "limited" as const, target: null }, { status: 429, headers: { "Retry-After": retryAfter } });
  }
  // Counted like the page views it stands for: a client past the page-view limit is not counted.
  if (await mayCountView(db, address)) {
    await recordQrScan(db, params.code, resolution).catch((error: unknown) =>
      log.warn("qr scan not counted", { error }),
    );
  }
  const documentRequest = !new URL(request.url).pathname.endsWith(".data");
  if (resolution.state === "valid") {
    // A scanned code is a document request: redirect on the server, one round trip.
    // A visitor's scan is remembered, and unlocked once they sign in or up (decision 025).
    if (documentRequest)
      throw redirect(resolution.target, { headers: await rememberScanOfVisitor({ request, context }, params.code) });
    return { state: "valid" as const, target: resolution.target };
  }
  return data({ state: resolution.state, target: null }, { status: resolution.state === "expired" ? 410 : 404 });
}

/** The page past the limit says when to try again, as every limit of the site does. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [
  { title: "Código QR | Valentina y Taquito" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function QrPage() {
  const result = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  useEffect(() => {
    // In-app navigation to a code: replace this history entry with the code's target.
    if (result.state === "valid" && result.target) navigate(result.target, { replace: true });
  }, [result, navigate]);

  if (result.state === "valid") {
    return (
      <div className="container py-5 text-center" role="status">
        <div className="spinner-border text-warning mb-3" aria-hidden="true" />
        <p>{QR_MESSAGES.verifying}</p>
      </div>
    );
  }
  if (result.state === "limited") {
    return (
      <div className="container py-5 text-center">
        <h1>{QR_GUESSING_MESSAGES.title}</h1>
        <p className="lead">{QR_GUESSING_MESSAGES.text}</p>
        <Link to="/" className="btn btn-warning">
          Volver al inicio
        </Link>
      </div>
    );
  }
  const expired = result.state === "expired";
  return (
    <div className="container py-5 text-center">
      <h1>{expired ? QR_MESSAGES.expired : QR_MESSAGES.invalid}</h1>
      <p className="lead">{expired ? "Este código ya no está vigente." : "No reconocemos este código."}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Link to="/" className="btn btn-warning">
          Volver al inicio
        </Link>
        {expired && (
          <Link to="/contact" className="btn btn-outline-primary">
            Contacto
          </Link>
        )}
      </div>
    </div>
  );
}
