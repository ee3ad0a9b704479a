import { Link } from "react-router";
import type { Route } from "./+types/cuenta-borrada";
import { ACCOUNT_MESSAGES } from "../features/account/account-messages.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Cuenta borrada", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex" });

/** Where a reader lands after deleting their account (already signed out). */
export default function CuentaBorrada() {
  return (
    <div className="container py-5 text-center">
      <h1>{ACCOUNT_MESSAGES.deleted}</h1>
      <p className="lead">Gracias por leer con nosotros. Si vuelves, puedes crear una cuenta nueva cuando quieras.</p>
      <Link to="/" className="btn btn-warning">
        Volver al inicio
      </Link>
    </div>
  );
}
