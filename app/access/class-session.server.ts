import type { MiddlewareFunction } from "react-router";
import { services } from "../runtime/context.server.ts";
import { getSessionRecord, readerIsStudent } from "./session.server.ts";

/**
 * A class's student signs in on a shared tablet: the session ends after this long without use
 * (an hour a week of reading; a child who walks away leaves nothing open for the next one for
 * long), and when the browser closes. 'Salir' ends it at once.
 */
export const STUDENT_IDLE_SECONDS = 30 * 60;
/** A used session is pushed forward at most once a minute: one write a minute, not one per page. */
const SLIDE_EVERY_SECONDS = 60;

/**
 * Root middleware, after the session's: each request of a class's student moves the end of
 * their session STUDENT_IDLE_SECONDS ahead (never further). The end is the session row's own `expiresAt`, so
 * better-auth itself refuses the session once it has passed, on every instance.
 */
export const studentSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  // A visitor's request (no session cookie) asks nothing of better-auth here.
  if (!request.headers.get("Cookie")?.includes("session_token")) return;
  const record = await getSessionRecord(context);
  if (!record) return;
  const now = Date.now();
  const leftMs = record.expiresAt.getTime() - now;
  // Used within the last minute: nothing to move.
  if (leftMs > (STUDENT_IDLE_SECONDS - SLIDE_EVERY_SECONDS) * 1000 && leftMs <= STUDENT_IDLE_SECONDS * 1000) return;
  // A form (which reads the reader afresh from the database) leaves a long session to the page
  // that follows it, whose reader is read from memory: an adult's post asks nothing more.
  const reading = request.method === "GET" || request.method === "HEAD";
  if (leftMs > STUDENT_IDLE_SECONDS * 1000 && !reading) return;
  // Only a student's session ends this soon; every other one lasts days, and stays so. A
  // student's that lasts longer was stretched by better-auth, which refreshes a session to its
  // full days when the browser no longer sends its "don't remember me" cookie: it is brought
  // back to 30 minutes here. (The reader's facts are in memory for a page: decision 039.)
  if (!(await readerIsStudent(context))) return;
  const { db } = services(context);
  await db
    .updateTable("session")
    .set({ expiresAt: new Date(now + STUDENT_IDLE_SECONDS * 1000), updatedAt: new Date(now) })
    .where("id", "=", record.id)
    .where("expiresAt", ">", new Date(now))
    .where("userId", "in", (eb) => eb.selectFrom("child_readers").select("user_id").where("kind", "=", "class"))
    .execute();
};
