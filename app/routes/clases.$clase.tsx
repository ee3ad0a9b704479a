import { data, redirect } from "react-router";
import type { Route } from "./+types/clases.$clase";
import { commentsTopic } from "../features/comments/comment-topics.ts";
import { moderateComments } from "../features/comments/comment-moderation.server.ts";
import { areClassComments, classBoard, classComments } from "../features/classes/class-board.server.ts";
import { CLASS_MESSAGES, CLASS_PAGE_HEADERS, confirms } from "../features/classes/class-messages.ts";
import { classOfTeacher, setStudentPicture, studentsOfClass } from "../features/classes/classes.server.ts";
import { classCodeOf, renewClassCode, setClassCodeOn } from "../features/classes/class-code.server.ts";
import { shownClassCode } from "../features/classes/class-code.ts";
import { DIBUJOS } from "../ui/dibujos.ts";
import type { ClassActionResult } from "../features/classes/class-action-result.ts";
import { ClassPage } from "../features/classes/components/class-page.tsx";
import { pictureById } from "../features/families/family-pictures.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { forgettingKeptComments } from "../pages/chapter-page.server.ts";
import { addStudents, deleteStudents, requireTeacher } from "../pages/class-roster.server.ts";
import { classCardBlock, liftClassCardBlock } from "../pages/card-guesses.server.ts";
import { CHECK_MARKED_FIELDS } from "../lib/form-errors.ts";

const NOTICES: Record<string, string> = {
  creada: CLASS_MESSAGES.created,
  anadidos: CLASS_MESSAGES.added,
  quitado: CLASS_MESSAGES.removed,
  desbloqueado: CLASS_MESSAGES.unblocked,
  "codigo-encendido": CLASS_MESSAGES.codeTurnedOn,
  "codigo-apagado": CLASS_MESSAGES.codeTurnedOff,
  "codigo-nuevo": CLASS_MESSAGES.codeRenewed,
  dibujo: CLASS_MESSAGES.pictureChanged,
};

/** One of the teacher's classes (another teacher's is a 404, as if it did not exist). */
async function ownClass({ url, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireTeacher({ url, context });
  const own = await classOfTeacher(services(context).db, user.id, params.clase);
  if (!own) throw data(CLASS_MESSAGES.notYourClass, { status: 404 });
  return { user, own };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, own } = await ownClass(args);
  const { db, env } = services(args.context);
  const [students, board, comments, cardBlock, code] = await Promise.all([
    studentsOfClass(db, own.id),
    classBoard(db, own.id),
    classComments(db, own.id),
    classCardBlock(db, own.id),
    classCodeOf(db, user.id, own.id),
  ]);
  // 'Cambiar su dibujo' (?dibujo=<student>): the drawings no classmate has, theirs first.
  const choosing = students.find((student) => student.id === args.url.searchParams.get("dibujo"));
  const pictureOptions = choosing
    ? DIBUJOS.filter(
        (dibujo) => !students.some((other) => other.id !== choosing.id && other.picture === dibujo.id),
      ).map((dibujo) => ({ value: dibujo.id, label: dibujo.label, src: dibujo.src }))
    : [];
  return {
    id: own.id,
    name: own.name,
    consentByEmail: own.consentByEmail,
    consentedAt: own.consentedAt.toISOString(),
    students: students.map((student) => ({
      id: student.id,
      apodo: student.apodo,
      pictureSrc: pictureById(student.picture)?.src ?? "/images/characters/silueta.svg",
      pictureLabel: pictureById(student.picture)?.label ?? "",
      picture: student.picture,
      hasCard: student.cardIssuedAt !== null,
    })),
    classCode: code && { shown: shownClassCode(code.code), on: code.on },
    // Where students type it: the site's own address, without the scheme ("example.org/clase").
    codeAddress: `${new URL(env.siteUrl).host}/clase`,
    pictureChoice: choosing ? { studentId: choosing.id, apodo: choosing.apodo, options: pictureOptions } : null,
    board,
    comments,
    // Minutes, not seconds: the page says when it ends on its own, to the minute.
    cardBlock: cardBlock && { minutesLeft: Math.ceil(cardBlock.retryAfterSeconds / 60) },
    notice: NOTICES[args.url.searchParams.get("aviso") ?? ""] ?? null,
  };
}

const refused = (result: ClassActionResult, status: number) => data(result, { status });

// A teacher's decision, or a closed class, changes which comments its chapters show.
export const action = (args: Route.ActionArgs) => forgettingKeptComments(args.context, () => classAction(args));

async function classAction(args: Route.ActionArgs) {
  const { user, own } = await ownClass(args);
  const { db, live } = services(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  // Only the table's own intents: "constructor" or "toString" are any object's too.
  if (!Object.hasOwn(CLASS_INTENTS, intent)) return refused({ intent, formError: "No entendimos esa acción." }, 400);
  return CLASS_INTENTS[intent]!({ form, intent, user, own, db, live, here: `/clases/${own.id}` });
}

/** What every intent of the class page gets: the form, the teacher, their class, the services. */
type ClassIntent = Awaited<ReturnType<typeof ownClass>> &
  Pick<ReturnType<typeof services>, "db" | "live"> & { form: FormData; intent: string; here: string };

/** 'Añadir': new students from the pasted roster. */
async function addToRoster({ form, intent, user, own, db, here }: ClassIntent) {
  const added = await addStudents(db, user, own.id, form.get("roster"), {
    namesConfirmed: form.get("confirmarNombres") === "si",
  });
  if ("notYours" in added) return refused({ intent, formError: CLASS_MESSAGES.notYourClass }, 404);
  if (!added.ok)
    return refused(
      {
        intent,
        lineErrors: added.lineErrors,
        lineWarnings: added.lineWarnings ?? [],
        formError: added.formError ?? (added.lineErrors.length ? CLASS_MESSAGES.rosterRefused : CHECK_MARKED_FIELDS),
        sent: { roster: String(form.get("roster") ?? "") },
      },
      400,
    );
  throw redirect(`${here}?aviso=anadidos`);
}

/** 'Quitar' one student, confirmed. */
async function removeStudent({ form, intent, user, own, db, live, here }: ClassIntent) {
  const studentId = String(form.get("studentId") ?? "");
  if (!confirms(form.get("confirmar"), "quitar"))
    return refused({ intent, studentId, fieldErrors: { confirmar: CLASS_MESSAGES.removeConfirm } }, 400);
  const deleted = await deleteStudents(db, user.id, own.id, { studentId });
  if (!deleted) return refused({ intent, formError: CLASS_MESSAGES.notInClass }, 404);
  for (const section of deleted.commentSections) await live.publish(commentsTopic(section));
  throw redirect(`${here}?aviso=quitado`);
}

// 'Aprobar' or 'Ocultar' on one comment, or 'Aprobar todos' on every held one the page showed.
// Answered in place, not redirected: the page keeps its scroll and the keyboard its place
// (a post without script shows the same page with the answer's notice).
async function moderateClassComments({ form, intent, user, own, db, live }: ClassIntent) {
  const commentIds = form.getAll("commentId");
  const decision = intent === "aprobar-todos" ? "approve" : form.get("decision");
  if (decision !== "approve" && decision !== "hide")
    return refused({ intent, formError: "No entendimos esa acción." }, 400);
  // The teacher decides only on this class's comments, every one of them (site admins still
  // can, on any, from their queue): one that is not refuses them all.
  if (!(await areClassComments(db, own.id, commentIds)))
    return refused({ intent, formError: CLASS_MESSAGES.notClassComment }, 404);
  const outcome = await moderateComments(db, live.publish, {
    adminId: user.id,
    commentIds,
    action: decision,
    onlyAudiences: [own.id],
  });
  if (!outcome.ok) return refused({ intent, formError: outcome.error }, outcome.status);
  const notice =
    intent === "aprobar-todos"
      ? CLASS_MESSAGES.allApproved(new Set(commentIds).size)
      : decision === "approve"
        ? CLASS_MESSAGES.approved
        : CLASS_MESSAGES.hidden;
  return { intent, notice, commentIds: commentIds.map(String) } satisfies ClassActionResult;
}

// The class code: on or off.
async function switchClassCode({ intent, user, own, db, here }: ClassIntent) {
  const on = intent === "codigo-encender";
  if (!(await setClassCodeOn(db, user.id, own.id, on)))
    return refused({ intent, formError: CLASS_MESSAGES.notYourClass }, 404);
  throw redirect(`${here}?aviso=${on ? "codigo-encendido" : "codigo-apagado"}`);
}

// A new class code: the old one fails at once.
async function renewCode({ intent, user, own, db, here }: ClassIntent) {
  if (!(await renewClassCode(db, user.id, own.id)))
    return refused({ intent, formError: CLASS_MESSAGES.notYourClass }, 404);
  throw redirect(`${here}?aviso=codigo-nuevo`);
}

// The teacher chooses a student's drawing (one no classmate has).
async function chooseStudentPicture({ form, intent, user, own, db, here }: ClassIntent) {
  const studentId = String(form.get("studentId") ?? "");
  const changed = await setStudentPicture(db, user.id, own.id, studentId, form.get("dibujo"));
  if (!changed.ok)
    return refused(
      changed.status === 404
        ? { intent, formError: changed.error }
        : { intent, studentId, fieldErrors: { dibujo: changed.error } },
      changed.status,
    );
  throw redirect(`${here}?aviso=dibujo`);
}

// Lifts the block on the class's cards after too many wrong pictures.
async function unblockCards({ intent, user, own, db, here }: ClassIntent) {
  const lifted = await liftClassCardBlock(db, user.id, own.id);
  if (!lifted.ok)
    return lifted.reason === "none"
      ? refused({ intent, formError: CLASS_MESSAGES.nothingBlocked }, 409)
      : refused({ intent, formError: CLASS_MESSAGES.unblocksLimited }, 429);
  throw redirect(`${here}?aviso=desbloqueado`);
}

// 'Cerrar la clase': every student deleted, confirmed.
async function closeClass({ form, intent, user, own, db, live }: ClassIntent) {
  if (!confirms(form.get("confirmar"), "cerrar"))
    return refused({ intent, fieldErrors: { confirmar: CLASS_MESSAGES.closeConfirm } }, 400);
  const deleted = await deleteStudents(db, user.id, own.id, "all");
  if (!deleted) return refused({ intent, formError: CLASS_MESSAGES.notYourClass }, 404);
  for (const section of deleted.commentSections) await live.publish(commentsTopic(section));
  // 'Solo queda el CSV que descargaste' only after this page downloaded it (the form says so).
  throw redirect(form.get("descargado") === "si" ? "/clases?aviso=cerrada" : "/clases?aviso=cerrada-sin-csv");
}

const CLASS_INTENTS: Record<string, (request: ClassIntent) => Promise<ReturnType<typeof refused> | ClassActionResult>> =
  {
    anadir: addToRoster,
    quitar: removeStudent,
    moderar: moderateClassComments,
    "aprobar-todos": moderateClassComments,
    "codigo-encender": switchClassCode,
    "codigo-apagar": switchClassCode,
    "codigo-nuevo": renewCode,
    dibujo: chooseStudentPicture,
    desbloquear: unblockCards,
    cerrar: closeClass,
  };

/** Never cached, never a Referer (see CLASS_PAGE_HEADERS). */
export const headers: Route.HeadersFunction = () => CLASS_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `Clase: ${loaderData.name}` : "Clase",
    path: "/clases",
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Clase({ loaderData }: Route.ComponentProps) {
  return <ClassPage {...loaderData} />;
}
