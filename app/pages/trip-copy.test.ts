import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../root.tsx";
import { loader as planLoader } from "../routes/api.unlocks.ts";
import { travelOwnerKey } from "../access/travel-owner.server.ts";
import { formatTravelCookie, TRIP_REFRESH_AFTER_MS } from "../lib/travel-copy.ts";
import { answerOf, routeArgs, signUpReader } from "../../tests/support/route-harness.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";

const [chapter1, chapter2] = CHAPTER_PATHS;

/** The `viaje` cookie a device holds after saving `owner`'s copy at `savedAt`. */
const travelCookie = (owner: string, savedAt: number, chapters = 1) =>
  `viaje=${encodeURIComponent(formatTravelCookie({ owner, savedAt, chapters, bytes: 500_000 }))}`;

describe.each(DATABASE_KINDS)("a trip copy behind (decision 082) on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });

  /** Whether the root loader of a full load of `path` says this device's copy is behind. */
  async function behind(path: string, cookie: string) {
    const loaded = await rootLoader(await routeArgs(services, path, { cookie }));
    return answerOf<{ tripCopyBehind?: true }>(loaded).body.tripCopyBehind === true;
  }

  it("is behind once a code is scanned after saving, or once the copy is 12 hours old; never for another reader's copy", async () => {
    const reader = await signUpReader(services, `viajera-${kind}@example.com`);
    const owner = travelOwnerKey(reader.userId);
    expect(await behind(tokenPathOf(chapter1!), reader.cookie)).toBe(false);
    // Saved after scanning chapter 1: up to date, and a page with no cookie names nothing.
    const savedNow = `${reader.cookie}; ${travelCookie(owner, Date.now() + 1000)}`;
    expect(await behind("/personajes", savedNow)).toBe(false);
    // Another reader's copy on this device (the family tablet): not this reader's to refresh.
    expect(await behind("/personajes", `${reader.cookie}; ${travelCookie("0123456789abcdef", 0)}`)).toBe(false);
    // Saved long ago.
    expect(
      await behind("/personajes", `${reader.cookie}; ${travelCookie(owner, Date.now() - TRIP_REFRESH_AFTER_MS)}`),
    ).toBe(true);
    // The page a scan of chapter 2 opens unlocks it, and says so in the same answer.
    const savedBefore = `${reader.cookie}; ${travelCookie(owner, Date.now() - 60_000)}`;
    expect(await behind(tokenPathOf(chapter2!), savedBefore)).toBe(true);
    // A client-side visit's data never asks.
    expect(await behind(`${tokenPathOf(chapter2!)}.data`, savedBefore)).toBe(false);
  });

  it("answers GET /api/unlocks with the reader's plan: found chapters by slug only, no store; a visitor's holds nothing", async () => {
    const visitor = (await planLoader((await routeArgs(services, "/api/unlocks")) as never)) as Response;
    expect(visitor.headers.get("Cache-Control")).toBe("no-store");
    expect(await visitor.json()).toEqual({ plan: null, modules: [] });

    const reader = await signUpReader(services, `plan-${kind}@example.com`);
    await rootLoader(await routeArgs(services, tokenPathOf(chapter2!), { cookie: reader.cookie }));
    const answer = (await planLoader(
      (await routeArgs(services, "/api/unlocks", { cookie: reader.cookie })) as never,
    )) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const { plan } = (await answer.json()) as { plan: { owner: string; chapterPaths: string[]; otherPaths: string[] } };
    expect(plan.owner).toBe(travelOwnerKey(reader.userId));
    expect(plan.chapterPaths).toContain(`/${chapter2!.slug}`);
    expect(plan.otherPaths).toEqual(["/personajes", "/pasaporte"]);
    // No printed token path, and no chapter this reader has not found.
    const text = JSON.stringify(plan);
    for (const chapter of CHAPTER_PATHS) expect(text).not.toContain(chapter.token);
    expect(plan.chapterPaths.length).toBeLessThan(CHAPTER_PATHS.length);
  });
});
