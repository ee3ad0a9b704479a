import { isRouteErrorResponse } from "react-router";
import { NotFoundView } from "./not-found-view.tsx";

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

/** The page shown for a refusal or a failure anywhere: Spanish words, no stack trace (root.tsx's ErrorBoundary). */
export function ErrorPage({ error }: { error: unknown }) {
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
    message = (error.status !== 404 && ours) || page?.message || message;
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
