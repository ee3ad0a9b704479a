import { Form } from "react-router";
import { CLASS_MESSAGES } from "../class-messages.ts";

/** 'Entrar sin cámara': the class code (decision 067) as shown on the teacher's page, and its switches. */
export function ClassCodeSection({
  classCode,
  codeAddress,
  busy,
}: {
  classCode: { shown: string; on: boolean };
  /** Where students type it ("example.org/clase"). */
  codeAddress: string;
  busy: boolean;
}) {
  return (
    <section className="mt-4" aria-labelledby="class-code-heading">
      <h2 id="class-code-heading" className="h4">
        Entrar sin cámara: el código de la clase
      </h2>
      <p className="mb-1">
        En una computadora sin cámara, tus estudiantes van a <strong className="text-nowrap">{codeAddress}</strong>,
        escriben este código y eligen su nombre y su dibujo:
      </p>
      <p className="class-code class-code-big mb-1" data-testid="class-code">
        {classCode.on ? (
          classCode.shown
        ) : (
          <>
            <s>{classCode.shown}</s>
            <span className="visually-hidden"> (apagado)</span>
          </>
        )}
      </p>
      <p className="small text-body-secondary">
        {classCode.on
          ? "Escríbelo en la pizarra cuando lo necesiten; las tarjetas impresas también lo llevan. Apágalo fuera de clase si quieres."
          : CLASS_MESSAGES.codeOff}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={classCode.on ? "codigo-apagar" : "codigo-encender"} />
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
            {classCode.on ? "Apagar el código" : "Encender el código"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="codigo-nuevo" />
          <button type="submit" className="btn btn-outline-secondary btn-sm" disabled={busy}>
            Hacer un código nuevo
          </button>
        </Form>
      </div>
      <p className="small text-body-secondary mt-1">
        Con un código nuevo, el de ahora deja de funcionar (las tarjetas impresas siguen entrando con su código QR).
      </p>
    </section>
  );
}
