import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { DialogModal } from "../../../ui/dialog-modal.tsx";
import { ACCOUNT_MESSAGES } from "../account-messages.ts";

const TITLE_ID = "borrar-cuenta-titulo";
const TEXT_ID = "borrar-cuenta-texto";

/**
 * /tu-perfil: 'Ver mis datos' (a page in words, to read or print), 'Descargar mis datos' (the
 * complete file the server builds) and 'Borrar mi cuenta', which asks first in a native dialog
 * (focus moves into it, Escape or 'Cancelar' closes it).
 */
export function AccountActions() {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <section className="card card-body shadow-sm mt-4" aria-labelledby="tu-cuenta-titulo">
      <h2 id="tu-cuenta-titulo" className="h4">
        Tu cuenta y tus datos
      </h2>
      <p>
        {/* Issue 22: an adult brings their children in as readers of their own. */}
        <Link to="/familia">Tu familia</Link>: añade a tus hijas e hijos como lectores, sin correo ni contraseña.
      </p>
      <p>
        {/* Issue 23: a teacher brings a class in, with printed login cards. */}
        <Link to="/clases">Tus clases</Link>: trae a tu clase a leer, con una tarjeta para entrar por estudiante.
      </p>
      <p>
        <Link to="/tu-perfil/mis-datos/resumen" className="btn btn-primary" aria-describedby="resumen-ayuda">
          {ACCOUNT_MESSAGES.summaryLink}
        </Link>
        <span id="resumen-ayuda" className="form-text d-block">
          {ACCOUNT_MESSAGES.summaryHint}
        </span>
      </p>
      <p>
        <a href="/tu-perfil/mis-datos" download className="btn btn-outline-primary" aria-describedby="descargar-ayuda">
          {ACCOUNT_MESSAGES.downloadButton}
        </a>
        <span id="descargar-ayuda" className="form-text d-block">
          {ACCOUNT_MESSAGES.downloadHint} <a href="/privacidad">Qué guardamos y por qué</a>.
        </span>
      </p>
      <p className="mb-0">
        <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
          {ACCOUNT_MESSAGES.deleteButton}
        </button>
      </p>
      {error && !confirming && (
        <p className="text-danger fw-bold mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
      <DialogModal open={confirming} onClose={() => setConfirming(false)} labelledBy={TITLE_ID} describedBy={TEXT_ID}>
        <h2 id={TITLE_ID} className="h4">
          {ACCOUNT_MESSAGES.deleteTitle}
        </h2>
        <p id={TEXT_ID}>{ACCOUNT_MESSAGES.deleteExplanation}</p>
        <fetcher.Form method="post" action="/tu-perfil/borrar" className="d-flex flex-wrap gap-2">
          <input type="hidden" name="confirmar" value="borrar" />
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? "Borrando..." : ACCOUNT_MESSAGES.deleteConfirm}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            {ACCOUNT_MESSAGES.deleteCancel}
          </button>
        </fetcher.Form>
        {error && (
          <p className="text-danger fw-bold mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
      </DialogModal>
    </section>
  );
}
