import { useState } from "react";
import { Form } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";

/**
 * 'Cerrar la clase': the board's CSV to keep, then the confirmation word ('cerrar', as a tablet
 * types it too: 'Cerrar '). The form says whether this page downloaded the CSV, so the notice
 * after closing mentions the file only when there is one.
 */
export function ClassClosing({ id, error, busy }: { id: string; error: string | undefined; busy: boolean }) {
  const [downloaded, setDownloaded] = useState(false);
  return (
    <>
      <h2 className="h4 mt-5">Cerrar la clase</h2>
      <p>
        Al terminar el curso, descarga el tablero y cierra la clase: borramos a sus estudiantes y todo lo suyo
        (desbloqueos, comentarios, sesiones y tarjetas) en un solo paso. No guardamos nada más que el CSV que
        descargues: sus desbloqueos y sus comentarios, con la fecha.
      </p>
      <p>
        <a
          href={`/clases/${id}/tablero.csv`}
          className="btn btn-outline-primary"
          download
          onClick={() => setDownloaded(true)}
        >
          Descargar el tablero (CSV)
        </a>
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="cerrar" />
        <input type="hidden" name="descargado" value={downloaded ? "si" : ""} />
        <FormField
          id="close-confirm"
          label="Escribe «cerrar» para borrar la clase y todo lo de sus estudiantes"
          error={error}
        >
          {(control) => <input {...control} name="confirmar" autoComplete="off" autoCapitalize="none" />}
        </FormField>
        <button type="submit" className="btn btn-danger" disabled={busy}>
          Cerrar la clase
        </button>
      </Form>
    </>
  );
}
