import { data, redirectDocument } from "react-router";
import type { Route } from "./+types/clase";
import {
  checkStudentPicture,
  lookUpClassCode,
  studentsForCode,
  type CodeClass,
} from "../features/classes/class-code.server.ts";
import { CLASS_MESSAGES, classCodeLimitedMessage, wrongPictureMessage } from "../features/classes/class-messages.ts";
import { ClassCodeEntry, type CodeEntryResult } from "../features/classes/components/class-code-entry.tsx";
import { familyPageHeaders } from "../features/families/family-messages.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { startChildSession } from "../access/family-session.server.ts";
import { clientIp } from "../lib/request.server.ts";
import { DIBUJOS } from "../ui/dibujos.ts";

/**
 * The class code (issue 39, decision 067): a student at a computer without a camera types their
 * class's code, then picks their name and their picture; the session is a class student's, as a
 * card's. Both steps are posts: the code never sits in an address.
 */
const refused = (result: CodeEntryResult, status: number, retryAfterSeconds?: number) =>
  data(result, {
    status,
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });

/** Step two's page: the class's names, and every drawing (plus any older picture a student has). */
async function chooser(
  klass: CodeClass,
  code: string,
  students: Awaited<ReturnType<typeof studentsForCode>>,
  extra: { fieldErrors?: { lector?: string; dibujo?: string }; lector?: string } = {},
): Promise<Extract<CodeEntryResult, { step: "elegir" }>> {
  const ids: string[] = DIBUJOS.map((dibujo) => dibujo.id);
  for (const student of students) if (!ids.includes(student.picture)) ids.push(student.picture);
  return {
    step: "elegir",
    className: klass.name,
    code,
    names: students.map((student) => ({ value: student.id, label: student.apodo })),
    pictures: ids.flatMap((id) => {
      const picture = pictureById(id);
      return picture ? [{ value: picture.id, label: picture.label, src: picture.src }] : [];
    }),
    fieldErrors: extra.fieldErrors ?? {},
    lector: extra.lector,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  const form = await request.formData();
  const typed = String(form.get("codigo") ?? "");
  const address = clientIp(request);
  const codeRefused = (codigo: string, status: number, wait?: number) =>
    refused({ step: "codigo", fieldErrors: { codigo }, sent: typed }, status, wait);

  const found = await lookUpClassCode(db, typed, address);
  if (found.ok === false) {
    if (found.reason === "limited")
      return codeRefused(classCodeLimitedMessage(found.retryAfterSeconds), 429, found.retryAfterSeconds);
    if (found.reason === "malformed") return codeRefused(CLASS_MESSAGES.codeMalformed, 400);
    if (found.reason === "unknown") return codeRefused(CLASS_MESSAGES.codeUnknown, 404);
    return codeRefused(CLASS_MESSAGES.codeClosed, 403);
  }
  const { klass } = found;
  const code = typed;
  const students = await studentsForCode(db, klass.id);
  if (form.get("intent") !== "entrar") return chooser(klass, code, students);

  const lector = String(form.get("lector") ?? "");
  const picture = String(form.get("dibujo") ?? "");
  const student = students.find((one) => one.id === lector);
  const fieldErrors = {
    ...(student ? {} : { lector: CLASS_MESSAGES.chooseName }),
    ...(picture ? {} : { dibujo: CLASS_MESSAGES.choosePicture }),
  };
  if (!student || !picture)
    return refused(await chooser(klass, code, students, { fieldErrors, lector: student?.id }), 400);

  const checked = await checkStudentPicture(db, { classId: klass.id, student, picture, address });
  if (checked.ok === false) {
    const dibujo =
      checked.reason === "limited"
        ? classCodeLimitedMessage(checked.retryAfterSeconds)
        : wrongPictureMessage({ triesLeft: checked.triesLeft, waitSeconds: checked.retryAfterSeconds });
    return refused(
      await chooser(klass, code, students, { fieldErrors: { dibujo }, lector: student.id }),
      checked.reason === "limited" ? 429 : 401,
      checked.reason === "limited" ? checked.retryAfterSeconds : undefined,
    );
  }
  // The same session as a card's: a class student's, ending after a while without use.
  const headers = await startChildSession(request, context, {
    id: student.id,
    guardianId: klass.teacherId,
    kind: "class",
  });
  throw redirectDocument("/pasaporte", { headers });
}

/** Never cached, never a Referer; a refusal past a limit says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders, errorHeaders }) =>
  familyPageHeaders(actionHeaders, errorHeaders);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Entrar con el código de tu clase",
    path: "/clase",
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function Clase() {
  return <ClassCodeEntry />;
}
