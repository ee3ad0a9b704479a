import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as chapterAction, loader as chapterLoader } from "../../routes/chapter.tsx";
import { action as queueAction, loader as queueLoader } from "../../routes/adminpanel.comentarios.tsx";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import {
  createTestDatabase,
  DATABASE_KINDS,
  insertUsers,
  type TestDatabase,
} from "../../../tests/support/test-database.ts";
import { COMMENTS_QUEUE_TOPIC } from "./comment-topics.ts";
import { checkComment, COMMENT_MESSAGES } from "./comment.schema.ts";
import { REPORT_REASONS } from "./moderation-labels.ts";
import { listDecisions, listQueue } from "./comment-moderation.server.ts";
import { listComments, postComment, type CommentView } from "./comments.server.ts";
import { formatCommentDate } from "./format-date.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe("comment rules", () => {
  it("trims, refuses blank text as blank, and allows 1–1000 characters", () => {
    expect(checkComment("  hola  ")).toEqual({ ok: true, text: "hola" });
    expect(checkComment("   \n ")).toEqual({ ok: false, blank: true, error: COMMENT_MESSAGES.empty });
    expect(checkComment("a".repeat(1000))).toMatchObject({ ok: true });
    expect(checkComment("a".repeat(1001))).toEqual({ ok: false, blank: false, error: COMMENT_MESSAGES.tooLong });
  });

  it("formats dates in es-ES with day, long month, year, hour and minute", () => {
    expect(formatCommentDate("2026-11-02T18:05:00Z")).toBe("2 de noviembre de 2026 a las 12:05");
  });
});

const anyone = { userId: null, isAdmin: false };

describe.each(DATABASE_KINDS)("comments on %s", (kind) => {
  let database: TestDatabase;
  const topics: string[] = [];
  const publish = async (topic: string) => {
    topics.push(topic);
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertUsers(database.db, "ana", "sin-apodo", "veloz", "nina", "adulto");
    await database.db
      .insertInto("profiles")
      .values([
        { user_id: "ana", email: "ana.lopez@example.com", display_name: "Ana López", apodo: "Xolo Valiente 27" },
        { user_id: "sin-apodo", email: "x@example.com", display_name: "Equis" },
        { user_id: "nina", email: "nina@example.com", display_name: "Nina", apodo: "Colibrí Feliz 11", age: 12 },
        { user_id: "adulto", email: "adulto@example.com", display_name: "Adulto", apodo: "Puma Leal 40", age: 35 },
      ])
      .execute();
    // The age rule made Nina's a child's account, and her family allowed it.
    await database.db
      .insertInto("guardian_consents")
      .values({ user_id: "nina", guardian_email: "familia@example.com", allowed_at: new Date() })
      .execute();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const post = (userId: string, sectionId: string, text: string, moderation: "off" | "risky" | "all" = "risky") =>
    postComment(database.db, publish, { userId, sectionId, text, moderation });

  it("stores the trimmed text under the reader's apodo, never the private name, and announces it", async () => {
    const posted = await post("ana", "patzcuaro", "  ¡Qué miedo!  ");
    expect(posted).toEqual({ ok: true, held: false, commentId: expect.any(String) });
    const [comment] = await listComments(database.db, "patzcuaro", anyone);
    // The page moves focus to the comment with this id.
    expect(comment?.id).toBe(posted.ok && posted.commentId);
    expect(comment).toMatchObject({ text: "¡Qué miedo!", userName: "Xolo Valiente 27", status: "visible" });
    expect(JSON.stringify(comment)).not.toContain("Ana");
    expect(topics).toContain("comments:patzcuaro");
  });

  it("stores a comment sent again with the same phone id once, held as any other, and another author's same id apart", async () => {
    const clientId = "3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b";
    const send = (userId: string) =>
      postComment(database.db, publish, {
        userId,
        sectionId: "viaje-sin-senal",
        text: "Escrito en el autobús, sin señal",
        moderation: "all",
        clientId,
      });
    const first = await send("adulto");
    expect(first).toEqual({ ok: true, held: true, commentId: expect.any(String) });
    // The signal came and went: sent twice more, two of them at once.
    const again = await Promise.all([send("adulto"), send("adulto")]);
    for (const answer of again) expect(answer).toEqual(first);
    const stored = await database.db
      .selectFrom("comments")
      .select(["id", "status"])
      .where("section_id", "=", "viaje-sin-senal")
      .execute();
    expect(stored).toEqual([{ id: first.ok && first.commentId, status: "held" }]);
    // Ids are the author's: another reader's phone may have made the same one.
    const other = await send("ana");
    expect(other.ok && other.commentId).not.toBe(first.ok && first.commentId);
  });

  it("falls back to 'Lector' for an account without a profile's apodo", async () => {
    await post("sin-apodo", "camazotz", "hola");
    expect((await listComments(database.db, "camazotz", anyone))[0]!.userName).toBe("Lector");
  });

  it("lists newest first, per section", async () => {
    await post("ana", "el-mictlan", "primero");
    await new Promise((done) => setTimeout(done, 5));
    await post("ana", "el-mictlan", "segundo");
    expect((await listComments(database.db, "el-mictlan", anyone)).map((comment) => comment.text)).toEqual([
      "segundo",
      "primero",
    ]);
    expect(await listComments(database.db, "la-puerta", anyone)).toEqual([]);
  });

  it("writes nothing for blank or too-long text", async () => {
    expect(await post("ana", "la-puerta", "   ")).toMatchObject({ ok: false, status: 400 });
    expect(await post("ana", "la-puerta", "x".repeat(1001))).toMatchObject({ ok: false, status: 400 });
    expect(await listComments(database.db, "la-puerta", { userId: "ana", isAdmin: true })).toEqual([]);
  });

  it("limits how fast one reader can post", async () => {
    const results = [];
    for (let index = 0; index < 6; index++) results.push(await post("veloz", "las-batallas", `n${index}`));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.at(-1)).toEqual({ ok: false, status: 429, error: COMMENT_MESSAGES.rateLimited });
  });

  it("under 'risky' holds contact details and a child's every comment, and tells only the queue", async () => {
    topics.length = 0;
    expect(await post("adulto", "riesgo", "escríbeme a adulto arroba gmail punto com")).toEqual({
      ok: true,
      held: true,
      commentId: expect.any(String),
    });
    expect(await post("nina", "riesgo", "¡Me encantó!")).toEqual({
      ok: true,
      held: true,
      commentId: expect.any(String),
    });
    expect(await post("adulto", "riesgo", "Qué buen capítulo")).toEqual({
      ok: true,
      held: false,
      commentId: expect.any(String),
    });
    expect(topics.filter((topic) => topic === "comments:riesgo")).toHaveLength(1);
    expect(topics.filter((topic) => topic === COMMENTS_QUEUE_TOPIC)).toHaveLength(2);
    const queue = await listQueue(database.db);
    expect(queue.find((item) => item.text.includes("arroba"))!.holdReasons).toContain("correo");
    expect(queue.find((item) => item.text === "¡Me encantó!")!.holdReasons).toEqual(["menor"]);
  });

  it("'off' holds nothing and 'all' holds everything", async () => {
    expect(await post("nina", "modos", "mi correo es nina@example.com", "off")).toEqual({
      ok: true,
      held: false,
      commentId: expect.any(String),
    });
    expect(await post("adulto", "modos", "Hola a todos", "all")).toEqual({
      ok: true,
      held: true,
      commentId: expect.any(String),
    });
    const texts = (await listComments(database.db, "modos", anyone)).map((comment) => comment.text);
    expect(texts).toEqual(["mi correo es nina@example.com"]);
  });
});

/** The rules end to end through the chapter page's loader and action, as a browser reaches them. */
describe.each(DATABASE_KINDS)("comment visibility and moderation through the pages on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  const PAGE = "/salida-a-tzintzuntzan";
  let author: { cookie: string; userId: string };
  let readers: { cookie: string; userId: string }[];
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    author = await signUpReader(services, "lucia.garcia.2015@example.com");
    readers = [];
    for (const name of ["beto", "carla", "dani"]) readers.push(await signUpReader(services, `${name}@example.com`));
    admin = await signUpReader(services, "jefa@example.com");
    await services.db.insertInto("admins").values({ user_id: admin.userId, email: "jefa@example.com" }).execute();
  });

  const load = async (cookie?: string) =>
    (
      (await chapterLoader(await routeArgs(services, PAGE, { cookie }))) as unknown as {
        comments: CommentView[];
      }
    ).comments;
  const act = async (cookie: string, form: Record<string, string>) => {
    const result = await settle(async () =>
      chapterAction(await routeArgs(services, PAGE, { method: "POST", cookie, form })),
    );
    return { status: statusOf(result), body: answerOf(result).body };
  };
  const idOf = async (text: string) =>
    (await services.db.selectFrom("comments").select("id").where("text", "=", text).executeTakeFirstOrThrow()).id;

  it("shows the author's apodo, never any part of the e-mail", async () => {
    await act(author.cookie, { intent: "comment", text: "Hola desde el capítulo uno" });
    const [comment] = await load();
    expect(comment!.userName).toMatch(/^\S+( \S+)+ \d{2}$/);
    expect(comment!.userName.toLowerCase()).not.toMatch(/lucia|garcia|2015/);
  });

  it("a comment that names its author is stored only under that author: a worker sending it later for whoever is signed in is refused", async () => {
    const text = "Escrito sin señal en la tableta de la familia";
    const form = {
      intent: "comment",
      text,
      clientId: "9b1e3c5a-7d2f-4a6b-8c0e-2f4a6b8c0e1d",
      author: readers[2]!.userId,
    };
    expect(await act(readers[0]!.cookie, form)).toEqual({
      status: 409,
      body: { ok: false, intent: "comment", error: COMMENT_MESSAGES.otherReader },
    });
    expect(await services.db.selectFrom("comments").select("id").where("text", "=", text).execute()).toEqual([]);
    expect(await act(readers[2]!.cookie, form)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await services.db.selectFrom("comments").select("user_id").where("text", "=", text).execute()).toEqual([
      { user_id: readers[2]!.userId },
    ]);
  });

  it("a held comment reaches its author (marked) and admins only: not other readers, not visitors", async () => {
    const text = "miren www.juegos-gratis.com";
    expect(await act(author.cookie, { intent: "comment", text })).toMatchObject({
      status: 200,
      body: { ok: true, held: true },
    });
    expect((await load(author.cookie)).find((comment) => comment.text === text)).toMatchObject({
      status: "held",
      mine: true,
    });
    expect((await load(admin.cookie)).find((comment) => comment.text === text)).toMatchObject({ status: "held" });
    expect((await load(readers[0]!.cookie)).some((comment) => comment.text === text)).toBe(false);
    expect((await load()).some((comment) => comment.text === text)).toBe(false);
    // Nor can another reader find it to report it.
    expect(
      (await act(readers[0]!.cookie, { intent: "report", commentId: await idOf(text), reason: REPORT_REASONS[0] }))
        .status,
    ).toBe(404);
  });

  it("only admins decide: a reader's 'moderate' is refused and changes nothing; the queue is theirs", async () => {
    const id = await idOf("miren www.juegos-gratis.com");
    expect((await act(readers[0]!.cookie, { intent: "moderate", commentId: id, decision: "approve" })).status).toBe(
      403,
    );
    expect((await load()).some((comment) => comment.id === id)).toBe(false);
    expect(
      statusOf(
        await settle(async () =>
          queueLoader(await routeArgs(services, "/adminpanel/comentarios", { cookie: readers[0]!.cookie })),
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(
        await settle(async () =>
          queueAction(
            await routeArgs(services, "/adminpanel/comentarios", {
              method: "POST",
              cookie: readers[0]!.cookie,
              form: { commentId: id, decision: "approve" },
            }),
          ),
        ),
      ),
    ).toBe(403);
    const queue = (await queueLoader(
      await routeArgs(services, "/adminpanel/comentarios", { cookie: admin.cookie }),
    )) as unknown as {
      queue: { id: string; holdReasons: string[] }[];
    };
    expect(queue.queue.find((item) => item.id === id)!.holdReasons).toEqual(["enlace"]);
  });

  it("an approved comment reaches everyone, and the decision is recorded", async () => {
    const id = await idOf("miren www.juegos-gratis.com");
    const result = await queueAction(
      await routeArgs(services, "/adminpanel/comentarios", {
        method: "POST",
        cookie: admin.cookie,
        form: { commentId: id, decision: "approve" },
      }),
    );
    expect(statusOf(result)).toBe(200);
    expect((await load(readers[0]!.cookie)).find((comment) => comment.id === id)).toMatchObject({ status: "visible" });
    expect((await listQueue(services.db)).some((item) => item.id === id)).toBe(false);
    expect((await listDecisions(services.db))[0]).toMatchObject({
      action: "approve",
      adminEmail: "jefa@example.com",
      text: "miren www.juegos-gratis.com",
    });
  });

  it("reports: not one's own, not twice; one queues it, three readers hold it until an admin decides", async () => {
    const text = "Un comentario que a otros no les gustó";
    await act(author.cookie, { intent: "comment", text });
    const id = await idOf(text);
    const report = (cookie: string, reason: string = REPORT_REASONS[2]) =>
      act(cookie, { intent: "report", commentId: id, reason });
    expect(await report(author.cookie)).toMatchObject({ status: 409, body: { error: COMMENT_MESSAGES.reportOwn } });
    expect((await report(readers[0]!.cookie, "lo que sea")).status).toBe(400);
    expect((await report(readers[0]!.cookie)).status).toBe(200);
    expect(await report(readers[0]!.cookie)).toMatchObject({
      status: 409,
      body: { error: COMMENT_MESSAGES.reportTwice },
    });
    expect((await listQueue(services.db)).find((item) => item.id === id)).toMatchObject({ status: "visible" });
    expect((await load(readers[2]!.cookie)).find((comment) => comment.id === id)).toMatchObject({
      reportedByMe: false,
    });
    expect((await load(readers[0]!.cookie)).find((comment) => comment.id === id)).toMatchObject({ reportedByMe: true });
    await report(readers[1]!.cookie);
    expect((await load()).some((comment) => comment.id === id)).toBe(true);
    await report(readers[2]!.cookie);
    expect((await load()).some((comment) => comment.id === id)).toBe(false);
    expect((await load(readers[0]!.cookie)).some((comment) => comment.id === id)).toBe(false);
    expect((await load(author.cookie)).find((comment) => comment.id === id)).toMatchObject({ status: "held" });
    const item = (await listQueue(services.db)).find((entry) => entry.id === id)!;
    expect(item.holdReasons).toContain("reportes");
    expect(item.reports).toHaveLength(3);
  });

  it("an admin hides from the chapter page: nobody sees it, its author neither", async () => {
    const id = await idOf("Un comentario que a otros no les gustó");
    expect((await act(admin.cookie, { intent: "moderate", commentId: id, decision: "hide" })).status).toBe(200);
    for (const cookie of [undefined, author.cookie, readers[0]!.cookie, admin.cookie])
      expect((await load(cookie)).some((comment) => comment.id === id)).toBe(false);
    expect((await listQueue(services.db)).some((entry) => entry.id === id)).toBe(false);
    expect((await listDecisions(services.db))[0]).toMatchObject({ action: "hide" });
  });

  it("an admin deletes from the chapter page; the record keeps what was deleted", async () => {
    const text = "Para borrar por la admin";
    await act(author.cookie, { intent: "comment", text });
    const id = await idOf(text);
    expect((await act(admin.cookie, { intent: "moderate", commentId: id, decision: "delete" })).status).toBe(200);
    expect(
      await services.db.selectFrom("comments").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await listDecisions(services.db))[0]).toMatchObject({ action: "delete", text });
  });

  it("the author deletes their own comment; nobody else can", async () => {
    const text = "Me arrepentí de esto";
    await act(author.cookie, { intent: "comment", text });
    const id = await idOf(text);
    expect((await act(readers[0]!.cookie, { intent: "delete", commentId: id })).status).toBe(404);
    expect((await load()).some((comment) => comment.id === id)).toBe(true);
    expect((await act(author.cookie, { intent: "delete", commentId: id })).status).toBe(200);
    expect((await load(author.cookie)).some((comment) => comment.id === id)).toBe(false);
  });

  it("a visitor cannot post, report or moderate", async () => {
    const result = await settle(async () =>
      chapterAction(await routeArgs(services, PAGE, { method: "POST", form: { intent: "comment", text: "hola" } })),
    );
    expect(statusOf(result)).toBe(302);
  });
});
