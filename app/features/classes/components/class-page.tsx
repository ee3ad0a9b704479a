import { Link, useActionData, useNavigation } from "react-router";
import type { ClassActionResult } from "../class-action-result.ts";
import type { Board, ClassComment } from "../class-board.server.ts";
import { FormOutcome, useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import type { PictureOption } from "../../../ui/picture-choice.tsx";
import { AddStudentsForm } from "./add-students-form.tsx";
import { CardBlockNotice, type CardBlockView } from "./card-block-notice.tsx";
import { ClassBoardTable } from "./class-board-table.tsx";
import { ClassClosing } from "./class-closing.tsx";
import { ClassCodeSection } from "./class-code-section.tsx";
import { ClassComments } from "./class-comments.tsx";
import { ClassRosterList, type StudentView } from "./class-roster-list.tsx";

export type { StudentView };

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

      {classCode && <ClassCodeSection classCode={classCode} codeAddress={codeAddress} busy={busy} />}

      <ClassRosterList id={id} students={students} pictureChoice={pictureChoice} result={result} busy={busy} />

      <AddStudentsForm studentCount={students.length} result={result} busy={busy} />

      <ClassBoardTable board={board} />

      <ClassComments comments={comments} />

      <ClassClosing
        id={id}
        error={result?.intent === "cerrar" ? result.fieldErrors?.confirmar : undefined}
        busy={busy}
      />
    </div>
  );
}
