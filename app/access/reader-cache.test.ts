import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { chapterPageData } from "../pages/chapter-page.server.ts";
import { servicesOn, type Services } from "../runtime/services.server.ts";
import { getReaderProfile, getUser, readerIsAdmin } from "./session.server.ts";
import { loader as charactersLoader } from "../routes/personajes.tsx";
import { commentsSeenBy, listComments, sharedComments, type Viewer } from "../features/comments/comments.server.ts";
import { deleteAccount } from "../features/account/account-data.server.ts";
import { grantAdminByEmail } from "../features/admins/admins.server.ts";
import { openDatabase, type Db } from "../lib/db.server.ts";
import { parseEnv } from "../lib/env.server.ts";
import { cookieValue } from "../lib/session-cache.server.ts";
import { routeArgs, signUpReader, TEST_SITE_URL } from "../../tests/support/route-harness.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";

/**
 * Signed-in readers and the book's content are kept in memory between page views
 * (docs/decisions/039). These tests prove that what is kept never outlives a change: a session
 * that ended, an account deleted, a role or profile changed, a chapter edited.
 */

const noPublish = async () => {};

/** What a page view (GET) with this cookie is told about its reader. */
async function pageView(services: Services, cookie: string, path = "/") {
  const args = (await routeArgs(services, path, { cookie })) as { context: Parameters<typeof getUser>[0] };
  const user = await getUser(args.context);
  return {
    userId: user?.id ?? null,
    isAdmin: await readerIsAdmin(args.context),
    displayName: (await getReaderProfile(args.context))?.displayName ?? null,
  };
}

/**
 * Asks until `check` holds: on PostgreSQL the database's notice reaches the instance a moment
 * after the change commits (on PGlite, before the write returns). Fails after `withinMs`.
 */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, withinMs = 2000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * The reader's first page views, until one is kept: the notices of their own sign-up (on
 * PostgreSQL they arrive a moment later) rightly stop a lookup that started before them.
 */
async function keptAfterPageViews(services: Services, cookie: string) {
  const sessionCookie = cookieValue(cookie, "better-auth.session_token")!;
  const kept = await eventually(
    async () => {
      await pageView(services, cookie);
      return services.sessionCache.get(sessionCookie);
    },
    (value) => value !== undefined,
  );
  expect(kept).toBeDefined();
}

/** A write that sets off no trigger: as if its notice had been lost on the way. */
async function withoutNotice(db: Db, write: (db: Db) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await write(trx);
  });
}

describe.each(DATABASE_KINDS)("signed-in readers kept between page views (%s)", (kind) => {
  const services = useTestServices(kind, { fresh: true, env: { DATA_CACHE_SECONDS: "30" } });

  it("keeps a reader between page views, and refuses their session once they sign out", async () => {
    const ana = await signUpReader(services, "ana@example.com");
    expect((await pageView(services, ana.cookie)).userId).toBe(ana.userId);
    await keptAfterPageViews(services, ana.cookie);
    // Signed out through better-auth directly (not the site's 'Salir' action): the database says so.
    await services.auth.api.signOut({ headers: new Headers({ Cookie: ana.cookie }) });
    const after = await eventually(
      () => pageView(services, ana.cookie),
      (view) => view.userId === null,
    );
    expect(after.userId).toBeNull();
  });

  it("refuses the session of a deleted account", async () => {
    const beto = await signUpReader(services, "beto@example.com");
    await keptAfterPageViews(services, beto.cookie);
    await deleteAccount(services.db, { id: beto.userId, email: "beto@example.com" });
    expect(
      (
        await eventually(
          () => pageView(services, beto.cookie),
          (view) => view.userId === null,
        )
      ).userId,
    ).toBeNull();
  });

  it("shows a role granted elsewhere on the reader's next page view", async () => {
    const carla = await signUpReader(services, "carla@example.com");
    await keptAfterPageViews(services, carla.cookie);
    expect((await pageView(services, carla.cookie)).isAdmin).toBe(false);
    await grantAdminByEmail(services.db, "carla@example.com", noPublish);
    expect(
      (
        await eventually(
          () => pageView(services, carla.cookie),
          (view) => view.isAdmin,
        )
      ).isAdmin,
    ).toBe(true);
  });

  it("keeps the reader's copy through the page-view beacon every page sends", async () => {
    const gala = await signUpReader(services, "gala@example.com");
    await keptAfterPageViews(services, gala.cookie);
    await routeArgs(services, "/api/page-view", {
      method: "POST",
      cookie: gala.cookie,
      body: JSON.stringify({ path: "/personajes", title: "Personajes" }),
    });
    expect(services.sessionCache.get(cookieValue(gala.cookie, "better-auth.session_token")!)).toBeDefined();
  });

  it("reads the reader afresh after a form of theirs, before any notice arrives", async () => {
    const dani = await signUpReader(services, "dani@example.com");
    await keptAfterPageViews(services, dani.cookie);
    expect((await pageView(services, dani.cookie)).displayName).not.toBe("Dani del Lago");
    await withoutNotice(services.db, (db) =>
      db.updateTable("profiles").set({ display_name: "Dani del Lago" }).where("user_id", "=", dani.userId).execute(),
    );
    // The kept copy answers page views (this is what the cache is for)…
    expect((await pageView(services, dani.cookie)).displayName).not.toBe("Dani del Lago");
    // …until a form of this browser's is posted: its action may have changed anything.
    await routeArgs(services, "/tu-perfil", { method: "POST", cookie: dani.cookie, form: {} });
    expect((await pageView(services, dani.cookie)).displayName).toBe("Dani del Lago");
  });
});

describe.each(DATABASE_KINDS)("the book's content kept between page views (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true, env: { DATA_CACHE_SECONDS: "30" } });

  it("shows an edited chapter on the next page view", async () => {
    const title = async () =>
      (await chapterPageData(await routeArgs(services, "/salida-a-tzintzuntzan"))).chapter.title as string;
    const before = await title();
    await services.db
      .updateTable("chapters")
      .set({ title: "Salida renovada" })
      .where("slug", "=", "salida-a-tzintzuntzan")
      .execute();
    expect(await eventually(title, (value) => value === "Salida renovada"), `was ${before}`).toBe("Salida renovada");
  });
});

/** What the signed-in chapter page shows this reader (or a visitor, without a cookie). */
async function chapterPage(services: Services, cookie?: string) {
  return chapterPageData(await routeArgs(services, "/salida-a-tzintzuntzan", cookie ? { cookie } : {}));
}

const commentTexts = async (services: Services, cookie?: string) =>
  (await chapterPage(services, cookie)).comments.map((comment) => comment.text);

describe.each(DATABASE_KINDS)("what a chapter page shows its reader, kept between page views (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true, env: { DATA_CACHE_SECONDS: "30" } });
  const section = "salida-a-tzintzuntzan";

  async function comment(userId: string, text: string, more: { status?: "visible" | "held"; audience?: string } = {}) {
    return (
      await services.db
        .insertInto("comments")
        .values({
          section_id: section,
          user_id: userId,
          user_name: "x",
          text,
          status: more.status ?? "visible",
          held_reasons: "",
          audience: more.audience ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }

  it("shows a guardian's consent given, and taken back, elsewhere on the child's next chapter page", async () => {
    const nico = await signUpReader(services, "nico@example.com");
    await keptAfterPageViews(services, nico.cookie);
    expect((await chapterPage(services, nico.cookie)).consent).toEqual({ kind: "adult" });
    const kindNow = async () => (await chapterPage(services, nico.cookie)).consent?.kind;
    await services.db
      .insertInto("guardian_consents")
      .values({ user_id: nico.userId, guardian_email: "mama@example.com" })
      .execute();
    expect(await eventually(kindNow, (value) => value === "waiting")).toBe("waiting");
    await services.db
      .updateTable("guardian_consents")
      .set({ allowed_at: new Date() })
      .where("user_id", "=", nico.userId)
      .execute();
    expect(await eventually(kindNow, (value) => value === "allowed")).toBe("allowed");
    // Taken back: the kept "allowed" must not outlive it.
    await services.db
      .updateTable("guardian_consents")
      .set({ allowed_at: null })
      .where("user_id", "=", nico.userId)
      .execute();
    expect(await eventually(kindNow, (value) => value === "waiting")).toBe("waiting");
  });

  it("shows a held comment to its author only, and to everyone once approved elsewhere", async () => {
    const olga = await signUpReader(services, "olga@example.com");
    const pepe = await signUpReader(services, "pepe@example.com");
    const held = await comment(olga.userId, "Retenido por ahora", { status: "held" });
    await comment(olga.userId, "Espera a un admin");
    // On PostgreSQL the inserts' notices arrive a moment later, in order: until the second one
    // has, the list an earlier test's page views kept may still be served (the full run under
    // load caught it).
    await eventually(
      () => commentTexts(services, pepe.cookie),
      (texts) => texts.includes("Espera a un admin"),
    );
    // Pepe's view first: what is kept for the chapter must still show Olga her own held comment.
    expect(await commentTexts(services, pepe.cookie)).not.toContain("Retenido por ahora");
    expect(await commentTexts(services, olga.cookie)).toContain("Retenido por ahora");
    expect(await commentTexts(services, pepe.cookie)).not.toContain("Retenido por ahora");
    expect(await commentTexts(services)).not.toContain("Retenido por ahora");
    // Approved by another path (psql, another instance): every reader's next page shows it.
    await services.db.updateTable("comments").set({ status: "visible" }).where("id", "=", held).execute();
    for (const cookie of [pepe.cookie, undefined])
      expect(
        await eventually(
          () => commentTexts(services, cookie),
          (texts) => texts.includes("Retenido por ahora"),
        ),
      ).toContain("Retenido por ahora");
    // Hidden: gone for everyone, its author too.
    await services.db.updateTable("comments").set({ status: "hidden" }).where("id", "=", held).execute();
    for (const cookie of [olga.cookie, pepe.cookie])
      expect(
        await eventually(
          () => commentTexts(services, cookie),
          (texts) => !texts.includes("Retenido por ahora"),
        ),
      ).not.toContain("Retenido por ahora");
  });

  it("never shows a class's comment outside the class, whoever opened the chapter first", async () => {
    const teacher = await signUpReader(services, "profe@example.com");
    const student = await signUpReader(services, "alumna@example.com");
    const outsider = await signUpReader(services, "vecino@example.com");
    const { id: classId } = await services.db
      .insertInto("classes")
      .values({ teacher_id: teacher.userId, name: "4.º B", consent_by_email: "profe@example.com", consent_text: "sí" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await services.db.insertInto("class_students").values({ user_id: student.userId, class_id: classId }).execute();
    await comment(student.userId, "Solo para mi clase", { audience: classId });
    // The student's own page fills what is kept for the chapter; others read from it after.
    expect(
      await eventually(
        () => commentTexts(services, student.cookie),
        (texts) => texts.includes("Solo para mi clase"),
      ),
    ).toContain("Solo para mi clase");
    expect(
      await eventually(
        () => commentTexts(services, teacher.cookie),
        (texts) => texts.includes("Solo para mi clase"),
      ),
    ).toContain("Solo para mi clase");
    expect(await commentTexts(services, outsider.cookie)).not.toContain("Solo para mi clase");
    expect(await commentTexts(services)).not.toContain("Solo para mi clase");
    // Joining the class (a row written elsewhere) opens it; leaving closes it again.
    await keptAfterPageViews(services, outsider.cookie);
    await services.db.insertInto("class_students").values({ user_id: outsider.userId, class_id: classId }).execute();
    expect(
      await eventually(
        () => commentTexts(services, outsider.cookie),
        (texts) => texts.includes("Solo para mi clase"),
      ),
    ).toContain("Solo para mi clase");
    await services.db.deleteFrom("class_students").where("user_id", "=", outsider.userId).execute();
    expect(
      await eventually(
        () => commentTexts(services, outsider.cookie),
        (texts) => !texts.includes("Solo para mi clase"),
      ),
    ).not.toContain("Solo para mi clase");
  });

  it("shows a character unlocked elsewhere on the reader's next /personajes", async () => {
    const rosa = await signUpReader(services, "rosa@example.com");
    await keptAfterPageViews(services, rosa.cookie);
    const unlocked = async () =>
      (
        (await charactersLoader(await routeArgs(services, "/personajes", { cookie: rosa.cookie }))) as {
          unlockedIds: string[] | null;
        }
      ).unlockedIds ?? [];
    const { id: locked } = await services.db
      .selectFrom("characters")
      .select("id")
      .where("required_url", "is not", null)
      .executeTakeFirstOrThrow();
    expect(await unlocked()).not.toContain(locked);
    await services.db
      .insertInto("unlocked_characters")
      .values({ user_id: rosa.userId, character_id: locked })
      .execute();
    expect(await eventually(unlocked, (ids) => ids.includes(locked))).toContain(locked);
  });

  it("gives every viewer the same comments from the kept ones as the database's own filter", async () => {
    const [ana, beto, carla] = await Promise.all(
      ["ana.c@example.com", "beto.c@example.com", "carla.c@example.com"].map((email) => signUpReader(services, email)),
    );
    const { id: classId } = await services.db
      .insertInto("classes")
      .values({ teacher_id: carla!.userId, name: "5.º A", consent_by_email: "c@example.com", consent_text: "sí" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const statuses = ["visible", "held"] as const;
    for (const [index, author] of [ana!, beto!, ana!, carla!, beto!, ana!].entries())
      await comment(author.userId, `c${index}`, {
        status: statuses[index % 2],
        audience: index % 3 === 0 ? classId : undefined,
      });
    await services.db
      .insertInto("comments")
      .values({
        section_id: section,
        user_id: beto!.userId,
        user_name: "x",
        text: "oculto",
        status: "hidden",
        held_reasons: "",
      })
      .execute();
    const first = await services.db
      .selectFrom("comments")
      .select("id")
      .where("text", "=", "c1")
      .executeTakeFirstOrThrow();
    await services.db
      .insertInto("comment_reports")
      .values({ comment_id: first.id, reporter_id: ana!.userId, reason: "spam" })
      .execute();
    const shared = await sharedComments(services.db, section);
    const viewers: Viewer[] = [
      { userId: null, isAdmin: false },
      { userId: ana!.userId, isAdmin: false },
      { userId: ana!.userId, isAdmin: false, audiences: [classId] },
      { userId: beto!.userId, isAdmin: false },
      { userId: carla!.userId, isAdmin: false, audiences: [classId] },
      { userId: beto!.userId, isAdmin: true },
    ];
    for (const viewer of viewers)
      expect(commentsSeenBy(shared, viewer), JSON.stringify(viewer)).toEqual(
        await listComments(services.db, section, viewer),
      );
  });
});

describe("a chapter's kept comments cut short", () => {
  const row = (index: number, status: "visible" | "held") => ({
    id: `c${index}`,
    text: `comentario ${index}`,
    userId: "autora",
    userName: "Autora",
    createdAt: new Date(Date.UTC(2026, 10, 2) - index * 60_000).toISOString(),
    status,
    audience: null,
    reporters: [],
    cursor: `${Date.UTC(2026, 10, 2) * 1000 - index * 60_000_000}.c${index}`,
  });

  it("sends a reader to the database when the kept rows end before the reader's page is full", () => {
    // Over SHARED_COMMENTS_LIMIT rows, mostly held: a visitor sees only the few visible ones kept,
    // and the older visible ones beyond the cut are not there to fill the page.
    const rows = Array.from({ length: 120 }, (_, index) => row(index, index % 10 === 0 ? "visible" : "held"));
    const visitor: Viewer = { userId: null, isAdmin: false };
    expect(commentsSeenBy({ rows, complete: false }, visitor)).toBeNull();
    expect(commentsSeenBy({ rows, complete: true }, visitor)).toHaveLength(12);
    // An admin, who sees held ones too, has a full page (100) from the kept rows.
    expect(commentsSeenBy({ rows, complete: false }, { userId: "admin", isAdmin: true })).not.toBeNull();
  });
});

describe("a notice lost on the way", () => {
  const services = useTestServices("pglite", { fresh: true, env: { DATA_CACHE_SECONDS: "1" } });

  it("keeps an ended session working for at most DATA_CACHE_SECONDS", async () => {
    const eva = await signUpReader(services, "eva@example.com");
    await keptAfterPageViews(services, eva.cookie);
    await withoutNotice(services.db, (db) => db.deleteFrom("session").where("userId", "=", eva.userId).execute());
    expect((await pageView(services, eva.cookie)).userId).toBe(eva.userId);
    await new Promise((done) => setTimeout(done, 1050));
    expect((await pageView(services, eva.cookie)).userId).toBeNull();
  });
});

const postgresOnly = DATABASE_KINDS.includes("postgres") ? describe : describe.skip;

postgresOnly("two instances on one PostgreSQL", () => {
  const first = useTestServices("postgres", { fresh: true });
  let second: Services | null = null;
  afterEach(async () => {
    await second?.stopChangeNotices();
    await second?.live.close();
    clearInterval(second?.maintenance);
    await second?.contactMailer.stop();
    await second?.database.close();
    second = null;
  });

  it("a sign-out through one instance ends the session kept by the other within a second", async () => {
    const env = parseEnv({
      AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      SITE_URL: TEST_SITE_URL,
      LOG_LEVEL: "silent",
    });
    second = await servicesOn(env, await openDatabase({ kind: "postgres", url: first.testDatabase.url! }));
    const fede = await signUpReader(first, "fede@example.com");
    expect((await pageView(second, fede.cookie)).userId).toBe(fede.userId);
    await keptAfterPageViews(second, fede.cookie);
    await first.auth.api.signOut({ headers: new Headers({ Cookie: fede.cookie }) });
    const started = Date.now();
    const other = second;
    const after = await eventually(
      () => pageView(other, fede.cookie),
      (view) => view.userId === null,
      1000,
    );
    expect(after.userId, `still signed in ${Date.now() - started} ms later`).toBeNull();
  });
});
