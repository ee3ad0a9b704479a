import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.qr.hoja";
import { listStudioCodes } from "../features/qr/qr-studio.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireAdmin } from "../composition/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const codes = await listStudioCodes(services(context).db);
  return {
    codes: codes.filter((code) => code.active).map(({ code, label, guessable }) => ({ code, label, guessable })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Hoja de códigos QR",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

/** A printable sheet of every active code with its label (the browser's print dialog prints it). */
export default function QrSheetPage() {
  const { codes } = useLoaderData<typeof loader>();
  const guessable = codes.filter((code) => code.guessable).length;
  return (
    <div className="container py-4 qr-sheet">
      <p className="d-print-none">
        <Link to="/adminpanel/qr">← Códigos QR</Link>
      </p>
      <h1 className="h3">Códigos QR activos</h1>
      {guessable > 0 && (
        <p className="alert alert-warning d-print-none">
          {guessable === 1
            ? "1 código de esta hoja se puede adivinar"
            : `${guessable} códigos de esta hoja se pueden adivinar`}{" "}
          (marcados abajo). Sustitúyelos en <Link to="/adminpanel/qr">Códigos QR</Link> antes de imprimir.
        </p>
      )}
      <ul className="row list-unstyled g-4">
        {codes.map((code) => (
          <li key={code.code} className="col-6 col-md-4 text-center qr-sheet-item">
            <img src={`/adminpanel/qr/${code.code}.svg`} alt={`Código QR ${code.code}`} width="180" height="180" />
            <p className="mb-0 fw-bold">{code.label || code.code}</p>
            <p className="small mb-0">
              <span className="font-monospace">{code.code}</span>
            </p>
            {code.guessable && <p className="small mb-0 text-danger d-print-none">Se puede adivinar</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
