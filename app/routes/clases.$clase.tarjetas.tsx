import { data, useActionData } from "react-router";
import type { Route } from "./+types/clases.$clase.tarjetas";
import { CLASS_MESSAGES, CLASS_PAGE_HEADERS } from "../features/classes/class-messages.ts";
import { classOfTeacher, studentOfTeacher, studentsOfClass } from "../features/classes/classes.server.ts";
import { classCodeOf } from "../features/classes/class-code.server.ts";
import { shownClassCode } from "../features/classes/class-code.ts";
import { ClassCardSheet, type ClassCard } from "../features/classes/components/card-sheet.tsx";
import { pictureById } from "../features/families/family-pictures.ts";
import { loginCardQr, loginCardUrl } from "../features/families/login-card.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { newClassCards, newStudentCard, requireTeacher } from "../pages/class-roster.server.ts";

/** The class, and the one student when the address names one (?estudiante=): both the teacher's own. */
async function target({ url, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireTeacher({ url, context });
  const { db } = services(context);
  const own = await classOfTeacher(db, user.id, params.clase);
  if (!own) throw data(CLASS_MESSAGES.notYourClass, { status: 404 });
  const studentId = url.searchParams.get("estudiante");
  const student = studentId ? await studentOfTeacher(db, user.id, own.id, studentId) : null;
  if (studentId && !student) throw data(CLASS_MESSAGES.notInClass, { status: 404 });
  return { user, own, student };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, own, student } = await target(args);
  const { db, env } = services(args.context);
  const count = student ? 1 : (await studentsOfClass(db, own.id)).length;
  const code = await classCodeOf(db, user.id, own.id);
  return {
    classId: own.id,
    className: student ? `${own.name} · ${student.apodo}` : own.name,
    studentCount: count,
    classCode: code?.on ? shownClassCode(code.code) : null,
    codeAddress: `${new URL(env.siteUrl).host}/clase`,
  };
}

/**
 * New cards (the whole class, or the one student): only their hashes are kept, so this answer
 * is the one time their addresses are shown; the previous cards fail from this moment, and the
 * sessions opened with them end.
 */
export async function action(args: Route.ActionArgs) {
  const { user, own, student } = await target(args);
  const { db, env, sessionCache } = services(args.context);
  const issued = student
    ? await newStudentCard(db, user.id, own.id, student.id).then((one) =>
        one ? [{ id: one.student.id, apodo: one.student.apodo, picture: one.student.picture, token: one.token }] : null,
      )
    : await newClassCards(db, user.id, own.id);
  if (!issued) throw data(CLASS_MESSAGES.notYourClass, { status: 404 });
  // The students' sessions ended with their old cards: this instance forgets them now, without
  // waiting for the database's notice (which tells the others).
  for (const card of issued) sessionCache.forgetReader(card.id);
  const cards: ClassCard[] = [];
  for (const card of issued) {
    const url = loginCardUrl(env.siteUrl, card.token);
    cards.push({
      id: card.id,
      apodo: card.apodo,
      pictureSrc: pictureById(card.picture)?.src ?? "/images/characters/silueta.svg",
      qr: await loginCardQr(url),
      url,
    });
  }
  return { cards };
}

/** Never cached, never a Referer (see CLASS_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = () => CLASS_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Tarjetas de la clase",
    path: "/clases",
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function ClaseTarjetas({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return <ClassCardSheet {...loaderData} cards={result?.cards ?? null} />;
}
