import type { ClassActionResult } from "../class-action-result.ts";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { FormOutcome, useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import type { Board, ClassComment } from "../class-board.server.ts";
import { ConfirmCheck } from "../../../ui/confirm-check.tsx";
import { CardBlockNotice, type CardBlockView } from "./card-block-notice.tsx";
import { ClassClosing } from "./class-closing.tsx";
import { ClassComments } from "./class-comments.tsx";
import { CLASS_MESSAGES } from "../class-messages.ts";
import { PictureChoice, type PictureOption } from "../../../ui/picture-choice.tsx";

export type StudentView = {
  id: string;
  apodo: string;
  pictureSrc: string;
  /** The drawing's name ("perro"), which the student also picks at /clase. */
  pictureLabel: string;
  picture: string;
  hasCard: boolean;
};

type Props = {
  id: string;
  name: string;
  consentedAt: string;
  consentByEmail: string;
  students: StudentView[];
  board: Board;
  comments: ClassComment[];
  /** Set while the class's cards wait past the card-guess limit where they are scanned. */
  cardBlock: CardBlockView | null;
  notice: string | null;
  /** The class code (decision 067) as shown, and whether it is on. */
  classCode: { shown: string; on: boolean } | null;
  /** Where students type it ("example.org/clase"). */
  codeAddress: string;
  /** 'Cambiar su dibujo' open for one student: the drawings no classmate has. */
  pictureChoice: { studentId: string; apodo: string; options: PictureOption[] } | null;
};

/** /clases/<id>: roster, cards, the class board, the class's discussion and closing the class. */
export function ClassPage({
  id,
  name,
  consentedAt,
  consentByEmail,
  students,
  board,
  comments,
  cardBlock,
  notice,
  classCode,
  codeAddress,
  pictureChoice,
}: Props) {
  const result = useActionData<ClassActionResult>();
  useFocusOnRefusal(result);
  const busy = useNavigation().state !== "idle";
  const rosterErrors = result?.intent === "anadir" ? result : undefined;
  // Refused lines are listed beside the field (the list says it all); other refusals go under it.
  const lineWarnings = rosterErrors?.lineWarnings ?? [];
  const rosterError = rosterErrors?.lineErrors?.length || lineWarnings.length ? undefined : rosterErrors?.formError;
  const rosterNotes = [
    rosterErrors?.lineErrors?.length ? "class-roster-lines" : "",
    lineWarnings.length ? "class-roster-names" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="container py-4">
      <p>
        <Link to="/clases">← Tus clases</Link>
      </p>
      <h1 className="mb-1">{name}</h1>
      <p className="small text-body-secondary">
        Autorización declarada por {consentByEmail} el {new Date(consentedAt).toLocaleDateString("es-ES")}.
      </p>
      <FormOutcome message={notice} />
      {result?.formError && result.intent !== "anadir" && (
        <p className="alert alert-danger" role="alert" tabIndex={-1}>
          {result.formError}
        </p>
      )}
      {cardBlock && <CardBlockNotice block={cardBlock} />}

      {classCode && (
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
      )}

      <h2 className="h4 mt-4">Estudiantes ({students.length})</h2>
      {students.length === 0 ? (
        <p>Todavía no hay estudiantes. Pega su lista aquí abajo.</p>
      ) : (
        <>
          <p>
            <Link to={`/clases/${id}/tarjetas`} className="btn btn-outline-primary btn-sm">
              Imprimir las tarjetas de la clase
            </Link>
          </p>
          <ul className="list-unstyled mb-3">
            {students.map((student) => (
              <li key={student.id} className="class-roster-item" data-testid="class-student">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <img src={student.pictureSrc} alt="" width="40" height="40" />
                  <span className="me-auto">
                    <span className="fw-bold">{student.apodo}</span>
                    {student.pictureLabel && (
                      <span className="small text-body-secondary" data-testid="student-picture">
                        {" "}
                        · dibujo: {student.pictureLabel}
                      </span>
                    )}
                  </span>
                  <Link to={`/clases/${id}?dibujo=${student.id}#dibujo-${student.id}`} className="btn btn-link btn-sm">
                    Cambiar el dibujo<span className="visually-hidden"> de {student.apodo}</span>
                  </Link>
                  <Link to={`/clases/${id}/tarjetas?estudiante=${student.id}`} className="btn btn-link btn-sm">
                    {student.hasCard ? `Tarjeta nueva para ${student.apodo}` : `Tarjeta de ${student.apodo}`}
                  </Link>
                  <details>
                    <summary>Quitar a {student.apodo}</summary>
                    <Form method="post" className="mt-2" noValidate>
                      <input type="hidden" name="intent" value="quitar" />
                      <input type="hidden" name="studentId" value={student.id} />
                      <FormField
                        id={`remove-${student.id}`}
                        label="Escribe «quitar» para borrar sus datos"
                        error={
                          result?.intent === "quitar" && result.studentId === student.id
                            ? result.fieldErrors?.confirmar
                            : undefined
                        }
                      >
                        {(control) => <input {...control} name="confirmar" autoComplete="off" />}
                      </FormField>
                      <button type="submit" className="btn btn-outline-danger btn-sm" disabled={busy}>
                        Quitar de la clase
                      </button>
                    </Form>
                  </details>
                </div>
                {pictureChoice?.studentId === student.id && (
                  <Form method="post" className="mt-2" noValidate id={`dibujo-${student.id}`}>
                    <input type="hidden" name="intent" value="dibujo" />
                    <input type="hidden" name="studentId" value={student.id} />
                    <PictureChoice
                      id={`picture-${student.id}`}
                      name="dibujo"
                      legend={`El dibujo de ${student.apodo}`}
                      options={pictureChoice.options}
                      defaultValue={student.picture}
                      error={
                        result?.intent === "dibujo" && result.studentId === student.id
                          ? result.fieldErrors?.dibujo
                          : undefined
                      }
                    />
                    <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                      Guardar su dibujo
                    </button>{" "}
                    <Link to={`/clases/${id}`} className="btn btn-link btn-sm">
                      Cancelar
                    </Link>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      <h3 className="h5 mt-3">Añadir estudiantes</h3>
      <Form method="post" noValidate key={`roster-${students.length}`}>
        <input type="hidden" name="intent" value="anadir" />
        <FormField
          id="class-roster"
          label="Apodos, uno por línea"
          hint="De 3 a 30 letras o números cada uno. Mejor que no sea su nombre real: lo verá la clase junto a sus comentarios."
          error={rosterError}
          invalid={Boolean(rosterErrors?.lineErrors?.length)}
          describedBy={rosterNotes || undefined}
        >
          {(control) => <textarea {...control} name="roster" rows={8} defaultValue={result?.sent?.roster ?? ""} />}
        </FormField>
        {rosterErrors?.lineErrors && rosterErrors.lineErrors.length > 0 && (
          <div id="class-roster-lines" className="alert alert-danger" role="alert">
            <p className="mb-1">No añadimos a nadie: corrige estas líneas y vuelve a intentarlo.</p>
            <ul className="mb-0">
              {rosterErrors.lineErrors.map((line) => (
                <li key={line.line}>
                  Línea {line.line} («{line.text}»): {line.error}
                </li>
              ))}
            </ul>
          </div>
        )}
        {lineWarnings.length > 0 && (
          // A warning, not a refusal: the lines are fine apodos if the teacher says so.
          <div id="class-roster-names" className="alert alert-warning" role="alert" tabIndex={-1}>
            <p className="mb-1">{CLASS_MESSAGES.rosterNamesToConfirm}</p>
            <ul>
              {lineWarnings.map((line) => (
                <li key={line.line}>
                  Línea {line.line} («{line.text}»): {CLASS_MESSAGES.fullNameLine}
                </li>
              ))}
            </ul>
            <ConfirmCheck id="class-roster-confirm" name="confirmarNombres" label={CLASS_MESSAGES.confirmNames} />
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Añadir a la clase
        </button>
      </Form>

      <h2 className="h4 mt-5">Tablero de la clase</h2>
      {board.notStarted.length > 0 && (
        <p data-testid="not-started">
          <strong>Todavía no empiezan:</strong> {board.notStarted.join(", ")}
        </p>
      )}
      {board.rows.length === 0 && <p>Cuando añadas estudiantes, aquí verás qué capítulos desbloquea cada quien.</p>}
      {board.rows.length > 0 && (
        <div
          className="class-board-scroll"
          tabIndex={0}
          role="region"
          aria-label="Capítulos desbloqueados por estudiante"
        >
          <table className="class-board" data-testid="class-board">
            <caption>Capítulos desbloqueados por cada estudiante (✓: lo desbloqueó con su código).</caption>
            <thead>
              <tr>
                <th scope="col">Estudiante</th>
                {board.chapters.map((chapter) => (
                  <th scope="col" key={chapter.id} title={chapter.title}>
                    <abbr title={chapter.title}>{chapter.number ?? "★"}</abbr>
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.apodo}</th>
                  {board.chapters.map((chapter) => (
                    <td key={chapter.id}>
                      {row.unlocked.includes(chapter.id) ? (
                        <span aria-label={`${chapter.title}: desbloqueado`} role="img">
                          ✓
                        </span>
                      ) : (
                        ""
                      )}
                    </td>
                  ))}
                  <td>{row.unlocked.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ClassComments comments={comments} />

      <ClassClosing
        id={id}
        error={result?.intent === "cerrar" ? result.fieldErrors?.confirmar : undefined}
        busy={busy}
      />
    </div>
  );
}
