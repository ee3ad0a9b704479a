import { describe, expect, it } from "vitest";
import { action as unlockAction } from "../../routes/api.unlocks.ts";
import { routeArgs, signUpReader, statusOf, type TestServices } from "../../../tests/support/route-harness.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { unlockedCharacterIds } from "./unlocks.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const post = (services: TestServices, body: unknown, cookie?: string) =>
  routeArgs(services, "/api/unlocks", {
    method: "POST",
    cookie,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

describe("POST /api/unlocks", () => {
  const services = useTestServices("pglite", { seed: true });

  it("unlocks what the reader's visited path unlocks, and only for that reader", async () => {
    const ana = await signUpReader(services, "ana@example.com");
    const result = await unlockAction(await post(services, { path: tokenPathOf(CHAPTER_PATHS[1]!) }, ana.cookie));
    expect(result).toMatchObject({
      celebration: {
        cards: [
          { kind: "character", name: "La abuela Lupe", path: "/personajes?personaje=abuela-lupe" },
          { kind: "chapter", name: "Casa de la abuela", path: "/casa-de-la-abuela" },
        ],
        firstUnlock: true,
        completed: { characters: false, chapters: false },
      },
    });
    // The same code again: nothing new, nothing to celebrate.
    expect(await unlockAction(await post(services, { path: tokenPathOf(CHAPTER_PATHS[1]!) }, ana.cookie))).toEqual({
      celebration: null,
    });
    expect(await unlockedCharacterIds(services.db, ana.userId)).toEqual(["abuela-lupe"]);
  });

  it("refuses visitors and malformed paths, writing nothing", async () => {
    expect(statusOf(await unlockAction(await post(services, { path: "/29c252741a79" })))).toBe(401);
    const beto = await signUpReader(services, "beto@example.com");
    expect(statusOf(await unlockAction(await post(services, { path: "https://evil.example/x" }, beto.cookie)))).toBe(
      400,
    );
    expect(await unlockedCharacterIds(services.db, beto.userId)).toEqual([]);
  });
});
