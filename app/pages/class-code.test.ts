import { describe, expect, it } from "vitest";
import {
  CLASS_CODE_LIMITS,
  checkStudentPicture,
  lookUpClassCode,
  newClassCode,
  renewClassCode,
  setClassCodeOn,
  studentsForCode,
  classCodeOf,
} from "../features/classes/class-code.server.ts";
import { CLASS_CODE_ALPHABET, normalClassCode, shownClassCode } from "../features/classes/class-code.ts";
import { createClass, setStudentPicture } from "../features/classes/classes.server.ts";
import { signUpReader, type TestServices } from "../../tests/support/route-harness.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { uniqueTestEmail } from "../../tests/support/family-fixtures.ts";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";
import { DIBUJOS } from "../ui/dibujos.ts";
import { addStudents } from "./class-roster.server.ts";

/** The class code and its second factor, the picture (issue 39, decision 067). */

let used = 0;
/** An address of TEST-NET-3 no other test uses: per-address limits of one test never meet another's. */
const nextAddress = () => {
  used++;
  return `203.0.${113 + Math.floor(used / 250)}.${used % 250}`;
};

async function classOf(services: TestServices, roster: string[]) {
  const email = uniqueTestEmail("maestra");
  const { userId } = await signUpReader(services, email);
  const created = await createClass(services.db, { id: userId, email }, { name: "4.º A", consent: "si" });
  if (!created.ok) throw new Error("class not created");
  const added = await addStudents(services.db, { id: userId, email }, created.classId, roster.join("\n"));
  if (!added.ok) throw new Error(JSON.stringify(added));
  const code = (await classCodeOf(services.db, userId, created.classId))!.code;
  return {
    teacherId: userId,
    classId: created.classId,
    code,
    students: await studentsForCode(services.db, created.classId),
  };
}

describe("a class code's shape", () => {
  it("has 8 characters of an alphabet without 0/O, 1/I/L; case, spaces and dashes do not matter", () => {
    expect(CLASS_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    for (let index = 0; index < 500; index++) expect(newClassCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(normalClassCode("abcd efgh")).toBe("ABCDEFGH");
    expect(normalClassCode(" AB-CD–EF.GH ")).toBe("ABCDEFGH");
    expect(shownClassCode("ABCDEFGH")).toBe("ABCD-EFGH");
    for (const wrong of ["ABCDEFG", "ABCDEFGHJ", "ABCDEFG0", "ABCDEFGO", "ABCDEFG1", "ABCDEFGI", "abcdefgl", "", null])
      expect(normalClassCode(wrong), String(wrong)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)("the class code (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("opens its class; a real code never counts against the address, unknown ones do, malformed ones are not looked up", async () => {
    const { classId, code } = await classOf(services, ["Ajolote Azul"]);
    const ip = nextAddress();
    for (let index = 0; index < CLASS_CODE_LIMITS.perAddress.max + 10; index++) {
      const found = await lookUpClassCode(services.db, shownClassCode(code).toLowerCase(), ip);
      expect(found.ok && found.klass.id).toBe(classId);
    }
    expect(await lookUpClassCode(services.db, "0000-0000", ip)).toEqual({ ok: false, reason: "malformed" });
    const guesser = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: CLASS_CODE_LIMITS.perAddress.max + 5 }, () =>
        lookUpClassCode(services.db, newClassCode(), guesser),
      ),
    );
    expect(answers.filter((answer) => !answer.ok && answer.reason === "unknown")).toHaveLength(
      CLASS_CODE_LIMITS.perAddress.max,
    );
    expect(answers.filter((answer) => !answer.ok && answer.reason === "limited")).toHaveLength(5);
    // Past the limit the real code waits too.
    const limited = await lookUpClassCode(services.db, code, guesser);
    expect(limited.ok === false && limited.reason).toBe("limited");
  });

  it("a roster gives each student a drawing no classmate has; the teacher changes one, never to a classmate's", async () => {
    const roster = Array.from({ length: 40 }, (_, index) => `Garza ${index + 10}`);
    const { teacherId, classId, students } = await classOf(services, roster);
    expect(new Set(students.map((student) => student.picture)).size).toBe(40);
    for (const student of students) expect(DIBUJOS.map((dibujo) => dibujo.id)).toContain(student.picture);
    const [first, second] = students;
    const taken = await setStudentPicture(services.db, teacherId, classId, first!.id, second!.picture);
    expect(taken).toEqual({ ok: false, status: 409, error: `Ese dibujo ya es de «${second!.apodo}»: elige otro.` });
    expect(await setStudentPicture(services.db, teacherId, classId, first!.id, "dragon")).toMatchObject({
      status: 400,
    });
    // Another teacher reaches nothing.
    expect(await setStudentPicture(services.db, second!.id, classId, first!.id, first!.picture)).toMatchObject({
      status: 404,
    });
  });

  it("of 20 wrong pictures at once for one student, exactly 5 are compared; then the right one waits too", async () => {
    const { classId, students } = await classOf(services, ["Ajolote Azul"]);
    const [student] = students;
    const wrong = DIBUJOS.find((dibujo) => dibujo.id !== student!.picture)!.id;
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkStudentPicture(services.db, { classId, student: student!, picture: wrong, address: ip }),
      ),
    );
    expect(answers.filter((answer) => !answer.ok && answer.reason === "wrong")).toHaveLength(
      CLASS_CODE_LIMITS.perStudent.max,
    );
    const right = await checkStudentPicture(services.db, {
      classId,
      student: student!,
      picture: student!.picture,
      address: nextAddress(),
    });
    expect(right.ok === false && right.reason).toBe("limited");
  });

  it("a class takes 15 wrong pictures a window, whoever they were for; a new code forgets them and retires the old code", async () => {
    const { teacherId, classId, code, students } = await classOf(services, [
      "Uno Azul",
      "Dos Azul",
      "Tres Azul",
      "Cuatro Azul",
    ]);
    const wrongFor = (picture: string) => DIBUJOS.find((dibujo) => dibujo.id !== picture)!.id;
    const outcomes = [];
    for (let index = 0; index < 16; index++) {
      const student = students[index % students.length]!;
      outcomes.push(
        await checkStudentPicture(services.db, {
          classId,
          student,
          picture: wrongFor(student.picture),
          address: nextAddress(),
        }),
      );
    }
    expect(outcomes.slice(0, 15).every((outcome) => !outcome.ok && outcome.reason === "wrong")).toBe(true);
    expect(outcomes[15]).toMatchObject({ ok: false, reason: "limited" });
    const renewed = (await renewClassCode(services.db, teacherId, classId))!;
    expect(renewed.code).not.toBe(code);
    expect(await lookUpClassCode(services.db, code, nextAddress())).toEqual({ ok: false, reason: "unknown" });
    const fresh = students[3]!;
    expect(
      await checkStudentPicture(services.db, {
        classId,
        student: fresh,
        picture: fresh.picture,
        address: nextAddress(),
      }),
    ).toEqual({ ok: true });
    // Off: refused as off, and not counted; on again: it opens.
    expect(await setClassCodeOn(services.db, teacherId, classId, false)).toBe(true);
    expect(await lookUpClassCode(services.db, renewed.code, nextAddress())).toEqual({ ok: false, reason: "off" });
    await setClassCodeOn(services.db, teacherId, classId, true);
    expect((await lookUpClassCode(services.db, renewed.code, nextAddress())).ok).toBe(true);
    // Another teacher can neither turn it off nor renew it.
    expect(await setClassCodeOn(services.db, fresh.id, classId, false)).toBe(false);
    expect(await renewClassCode(services.db, fresh.id, classId)).toBeNull();
  });
});
