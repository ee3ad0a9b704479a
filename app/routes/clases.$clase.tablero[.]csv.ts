import { data } from "react-router";
import type { Route } from "./+types/clases.$clase.tablero[.]csv";
import { allClassComments, boardCsv, boardDate, classBoard } from "../features/classes/class-board.server.ts";
import { CLASS_MESSAGES } from "../features/classes/class-messages.ts";
import { classOfTeacher } from "../features/classes/classes.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireTeacher } from "../pages/class-roster.server.ts";
import { attachmentDisposition } from "../lib/content-disposition.ts";

/**
 * The class board as CSV: what the teacher keeps before closing the class (nothing else stays),
 * with its students' comments and the day it was taken, named after the class as written.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = await requireTeacher({ url, context });
  const { db } = services(context);
  const own = await classOfTeacher(db, user.id, params.clase);
  if (!own) throw data(CLASS_MESSAGES.notYourClass, { status: 404 });
  const takenAt = new Date();
  const [board, comments] = await Promise.all([classBoard(db, own.id), allClassComments(db, own.id)]);
  return new Response(boardCsv(board, comments, takenAt), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(`tablero-${own.name}-${boardDate(takenAt)}.csv`),
      "Cache-Control": "private, no-store",
    },
  });
}
