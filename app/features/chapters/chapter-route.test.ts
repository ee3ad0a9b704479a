import { describe, expect, it } from "vitest";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { loader as rootLoader } from "../../root.tsx";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

/** The root loader's data (wrapped in data(): it may forget remembered scans with a cookie). */
const rootDataOf = async (args: Parameters<typeof rootLoader>[0]) =>
  answerOf<{ celebration: { cards: { kind: string }[] } | null }>(await rootLoader(args)).body;

const byNumber = (number: number) => CHAPTER_PATHS.find((chapter) => chapter.number === number)!;

/** The catch-all chapter route with the real check (CHAPTERS_FORCE_UNLOCKED=false). */
describe("the chapter route, looked up in the database", () => {
  const services = useTestServices("pglite", { seed: true, env: { CHAPTERS_FORCE_UNLOCKED: "false" } });

  const open = async (path: string, cookie?: string) =>
    settle(async () => chapterLoader(await routeArgs(services, path, { cookie })));

  it("answers 404 for a path that names no chapter", async () => {
    expect(statusOf(await open("/section1"))).toBe(404);
    expect(statusOf(await open("/no-existe/para-nada"))).toBe(404);
  });

  it("sends a visitor to /login from a members' slug or token, remembering the slug", async () => {
    const bySlug = await open(`/${byNumber(9).slug}`);
    expect(statusOf(bySlug)).toBe(302);
    expect((bySlug as Response).headers.get("Location")).toBe(`/login?redirectTo=%2F${byNumber(9).slug}`);
    expect(statusOf(await open(tokenPathOf(byNumber(9))))).toBe(302);
  });

  it("opens chapter 1 by slug and by token for visitors", async () => {
    expect(await open(`/${byNumber(1).slug}`)).toMatchObject({ chapter: { number: 1 }, viaToken: false });
    expect(await open(tokenPathOf(byNumber(1)))).toMatchObject({ chapter: { number: 1 }, viaToken: true });
  });

  it("a slug neither opens a locked chapter nor unlocks it; the printed token does both", async () => {
    const reader = await signUpReader(services, "slug-reader@example.com");
    const slug = `/${byNumber(9).slug}`;
    expect(statusOf(await open(slug, reader.cookie))).toBe(404);
    // A full page load of the slug runs the root loader's unlock: nothing.
    const rootOnSlug = await rootDataOf(await routeArgs(services, slug, { cookie: reader.cookie }));
    expect(rootOnSlug.celebration).toBeNull();
    expect(statusOf(await open(slug, reader.cookie))).toBe(404);

    const token = tokenPathOf(byNumber(9));
    const rootOnToken = await rootDataOf(await routeArgs(services, token, { cookie: reader.cookie }));
    expect(rootOnToken.celebration?.cards.some((card) => card.kind === "chapter")).toBe(true);
    const opened = await open(token, reader.cookie);
    expect(opened).toMatchObject({ viaToken: true, chapter: { number: 9 } });
    expect(JSON.stringify(opened)).not.toContain(token);
    expect(await open(slug, reader.cookie)).toMatchObject({ viaToken: false, chapter: { number: 9 } });
  });

  it("offers 'Guardar para el viaje' on a chapter the reader found, by its slug, and on no other", async () => {
    const saveLink = (opened: unknown) =>
      /href="([^"]*)"[^>]*>Guardar para el viaje</.exec(
        (opened as { reading: { controls: { html: string } } }).reading.controls.html,
      )?.[1];
    // A visitor, and a reader on chapter 1 whose code they did not scan (open to all, not theirs).
    expect(saveLink(await open(`/${byNumber(1).slug}`))).toBeUndefined();
    const reader = await signUpReader(services, "trip-link-reader@example.com");
    expect(saveLink(await open(`/${byNumber(1).slug}`, reader.cookie))).toBeUndefined();

    // Found by its printed code: the link names the slug, on the token's page as on the slug's.
    const token = tokenPathOf(byNumber(9));
    await rootDataOf(await routeArgs(services, token, { cookie: reader.cookie }));
    const expected = `/pasaporte?guardar=1&amp;desde=${byNumber(9).slug}#pasaporte-viaje`;
    const viaToken = await open(token, reader.cookie);
    expect(saveLink(viaToken)).toBe(expected);
    expect(JSON.stringify(viaToken)).not.toContain(token);
    expect(saveLink(await open(`/${byNumber(9).slug}`, reader.cookie))).toBe(expected);
  });
});

describe("the chapter route with forced unlock (the default)", () => {
  const services = useTestServices("pglite", { seed: true });

  it("opens every chapter by its slug for a signed-in reader, unlocking nothing", async () => {
    const reader = await signUpReader(services, "forced@example.com");
    for (const chapter of CHAPTER_PATHS) {
      const result = await settle(async () =>
        chapterLoader(await routeArgs(services, `/${chapter.slug}`, { cookie: reader.cookie })),
      );
      expect(result, chapter.slug).toMatchObject({ chapter: { slug: chapter.slug } });
      // Open to read, but not found: not in the reader's trip copy, so not offered to save.
      expect((result as { reading: { controls: { html: string } } }).reading.controls.html, chapter.slug).not.toContain(
        "/pasaporte?",
      );
    }
    const unlocked = await services.db
      .selectFrom("unlocked_chapters")
      .selectAll()
      .where("user_id", "=", reader.userId)
      .execute();
    expect(unlocked).toEqual([]);
  });
});
