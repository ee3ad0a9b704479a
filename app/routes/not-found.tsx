import { Link, data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Página no encontrada",
    description: "Esta página no existe o sigue bloqueada.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, follow",
  });

export default function NotFound() {
  return (
    <div className="container py-5 text-center">
      <img
        src="/images/not-found.svg"
        alt="Taquito olfatea una puerta cerrada con candado"
        width="320"
        height="240"
        className="img-fluid mb-4"
      />
      <h1>Esta página está bloqueada o no existe</h1>
      <p className="lead">
        Algunas páginas permanecen bloqueadas hasta que completes los capítulos del libro. Sigue leyendo y escanea los
        códigos QR para abrirlas.
      </p>
      <Link to="/" className="btn btn-warning">
        Volver al inicio
      </Link>
    </div>
  );
}
