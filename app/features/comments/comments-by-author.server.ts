import type { Db } from "../../lib/db.server.ts";

export type AuthoredComment = {
  id: string;
  sectionId: string;
  text: string;
  status: "visible" | "held" | "hidden";
  createdAt: Date;
};

/** Every comment one reader wrote, newest first, in every state (for whoever answers for them). */
export async function listCommentsOfAuthor(db: Db, userId: string): Promise<AuthoredComment[]> {
  const rows = await db
    .selectFrom("comments")
    .select(["id", "section_id", "text", "status", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sectionId: row.section_id,
    text: row.text,
    status: row.status as AuthoredComment["status"],
    createdAt: row.created_at,
  }));
}

/** What a comment's state is called where its author's family sees it. */
export const COMMENT_STATUS_LABELS: Record<AuthoredComment["status"], string> = {
  visible: "Publicado",
  held: "En revisión",
  hidden: "Oculto por un administrador",
};
