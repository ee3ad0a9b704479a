import { Form, useNavigation } from "react-router";
import { ConsentReceiptView, type ReceiptView } from "../../../ui/consent-receipt-view.tsx";
import { GUARDIAN_MESSAGES, MAIL_RECEIPT } from "../guardian-messages.ts";

export type GuardianPageState =
  | { kind: "ask"; childEmail: string; displayName: string; expiresAt: string; consentText: string }
  | { kind: "invalid" }
  | { kind: "allowed"; receipt: ReceiptView }
  | { kind: "deleted" };

/** The page a guardian's link opens: what the site keeps, in plain words, then allow or refuse. */
export function GuardianPage({ state }: { state: GuardianPageState }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-lg-8">
          <h1 className="mb-4">Permiso de la familia</h1>
          {state.kind === "invalid" && <p role="status">{GUARDIAN_MESSAGES.linkInvalid}</p>}
          {state.kind === "allowed" && (
            <>
              <p role="status" className="fw-bold">
                {GUARDIAN_MESSAGES.allowed}
              </p>
              <p>{MAIL_RECEIPT.inFamily}</p>
              <ConsentReceiptView receipt={state.receipt} />
            </>
          )}
          {state.kind === "deleted" && (
            <p role="status" className="fw-bold">
              {GUARDIAN_MESSAGES.deleted}
            </p>
          )}
          {state.kind === "ask" && (
            <>
              <p className="lead">
                Alguien con el correo <strong>{state.childEmail}</strong> creó una cuenta en el sitio del libro
                «Valentina y Taquito» y nos dijo que tiene menos de 14 años. Para que pueda participar necesitamos tu
                permiso.
              </p>
              <h2 className="h5">Qué guardamos</h2>
              <ul>
                <li>Su correo y su contraseña (la contraseña cifrada: nadie puede leerla).</li>
                <li>Su año de nacimiento, solo para saber si necesita tu permiso.</li>
                <li>
                  El nombre que elija, su clan y los comentarios que escriba sobre los capítulos. Los comentarios y el
                  nombre los ven otros lectores; el correo y la edad, nunca.
                </li>
                <li>Qué personajes y capítulos ha desbloqueado con los códigos del libro.</li>
                <li>Sus sesiones abiertas (navegador y dirección de internet), para mantenerla segura.</li>
              </ul>
              <p>
                No mostramos publicidad ni vendemos datos. Puedes pedir que borremos todo cuando quieras.{" "}
                <a href="/privacidad">Lee la política de privacidad</a>.
              </p>
              <h2 className="h5">Qué pasa según tu respuesta</h2>
              <ul>
                <li>
                  <strong>Si aceptas</strong>, podrá escribir comentarios y cambiar su nombre.
                </li>
                <li>
                  <strong>Si rechazas</strong>, borramos la cuenta y todo lo que guardábamos de ella.
                </li>
              </ul>
              <h2 className="h5">Lo que aceptas</h2>
              <blockquote className="border-start border-3 ps-3">{state.consentText}</blockquote>
              <p className="small">
                Este enlace sirve una sola vez y caduca el{" "}
                {new Date(state.expiresAt).toLocaleDateString("es-ES", { dateStyle: "long" })}.
              </p>
              <Form method="post" className="d-flex flex-wrap gap-3">
                <button type="submit" name="intent" value="allow" className="btn btn-primary" disabled={busy}>
                  Acepto
                </button>
                <button type="submit" name="intent" value="refuse" className="btn btn-outline-danger" disabled={busy}>
                  No acepto: borrar la cuenta
                </button>
              </Form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
