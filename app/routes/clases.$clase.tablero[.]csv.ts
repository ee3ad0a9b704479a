import { data } from "react-router";
import type { Route } from "./+types/clases.$clase.tablero[.]csv";
import { boardCsv, classBoard } from "../features/classes/class-board.server.ts";
import { CLASS_MESSAGES } from "../features/classes/class-messages.ts";
import { classOfTeacher } from "../features/classes/classes.server.ts";
import { services } from "../services/context.server.ts";
import { requireTeacher } from "../composition/class-roster.server.ts";

/** The class board as CSV: what the teacher keeps before closing the class (nothing else stays). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = await requireTeacher({ url, context });
  const { db } = services(context);
  const own = await classOfTeacher(db, user.id, params.clase);
  if (!own) throw data(CLASS_MESSAGES.notYourClass, { status: 404 });
  const file = `tablero-${
    own.name
      .normalize("NFD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "clase"
  }.csv`;
  return new Response(boardCsv(await classBoard(db, own.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
