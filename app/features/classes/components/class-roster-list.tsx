import { Form, Link } from "react-router";
import type { ClassActionResult } from "../class-action-result.ts";
import { FormField } from "../../../ui/form-field.tsx";
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

type PictureChoiceOpen = { studentId: string; apodo: string; options: PictureOption[] };

/** The class's students: each with their drawing, card, 'Cambiar el dibujo' and 'Quitar'. */
export function ClassRosterList({
  id,
  students,
  pictureChoice,
  result,
  busy,
}: {
  id: string;
  students: StudentView[];
  /** 'Cambiar su dibujo' open for one student: the drawings no classmate has. */
  pictureChoice: PictureChoiceOpen | null;
  result: ClassActionResult | undefined;
  busy: boolean;
}) {
  return (
    <>
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
              <StudentItem
                key={student.id}
                classId={id}
                student={student}
                pictureChoice={pictureChoice?.studentId === student.id ? pictureChoice : null}
                result={result?.studentId === student.id ? result : undefined}
                busy={busy}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

type StudentItemProps = {
  classId: string;
  student: StudentView;
  /** 'Cambiar su dibujo' when it is open for this student. */
  pictureChoice: PictureChoiceOpen | null;
  /** The last action's answer when it was about this student. */
  result: ClassActionResult | undefined;
  busy: boolean;
};

/** One student: their drawing and apodo, their links, 'Quitar', and 'Cambiar su dibujo' when open. */
function StudentItem({ classId, student, pictureChoice, result, busy }: StudentItemProps) {
  return (
    <li className="class-roster-item" data-testid="class-student">
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
        <Link to={`/clases/${classId}?dibujo=${student.id}#dibujo-${student.id}`} className="btn btn-link btn-sm">
          Cambiar el dibujo<span className="visually-hidden"> de {student.apodo}</span>
        </Link>
        <Link to={`/clases/${classId}/tarjetas?estudiante=${student.id}`} className="btn btn-link btn-sm">
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
              error={result?.intent === "quitar" ? result.fieldErrors?.confirmar : undefined}
            >
              {(control) => <input {...control} name="confirmar" autoComplete="off" />}
            </FormField>
            <button type="submit" className="btn btn-outline-danger btn-sm" disabled={busy}>
              Quitar de la clase
            </button>
          </Form>
        </details>
      </div>
      {pictureChoice && (
        <Form method="post" className="mt-2" noValidate id={`dibujo-${student.id}`}>
          <input type="hidden" name="intent" value="dibujo" />
          <input type="hidden" name="studentId" value={student.id} />
          <PictureChoice
            id={`picture-${student.id}`}
            name="dibujo"
            legend={`El dibujo de ${student.apodo}`}
            options={pictureChoice.options}
            defaultValue={student.picture}
            error={result?.intent === "dibujo" ? result.fieldErrors?.dibujo : undefined}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            Guardar su dibujo
          </button>{" "}
          <Link to={`/clases/${classId}`} className="btn btn-link btn-sm">
            Cancelar
          </Link>
        </Form>
      )}
    </li>
  );
}
