import { Link } from "react-router";

/** SPEC.md §2 "404": pages may be locked until chapters are completed, with a link home. */
export function NotFoundView() {
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
