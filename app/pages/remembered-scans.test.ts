import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as qrLoader } from "../routes/qr.tsx";
import { action as unlockAction } from "../routes/api.unlocks.ts";
import { loader as rootLoader } from "../root.tsx";
import { unlockedCharacterIds } from "../features/unlocks/unlocks.server.ts";
import { routeArgs, settle, signUpReader, answerOf } from "../../tests/support/route-harness.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";

const setCookieOf = (answer: unknown) => answerOf(answer).headers.getSetCookie();
const bodyOf = (answer: unknown) => answerOf<{ celebration: unknown } & Record<string, unknown>>(answer).body;

/** The `name=value` part of a Set-Cookie, to send back as a Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("scans remembered for a visitor until they sign in or up (decision 025)", () => {
  const services = useTestServices("pglite", { seed: true });

  async function scan(code: string, cookie?: string) {
    const args = await routeArgs(services, `/qr/${code}`, { cookie });
    return (await settle(() => qrLoader({ ...(args as object), params: { code } } as never))) as Response;
  }

  it("remembers a visitor's scan in an httpOnly cookie that names the code, not its path", async () => {
    const redirect = await scan("capitulo-1");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(tokenPathOf(CHAPTER_PATHS[0]!));
    const [cookie] = redirect.headers.getSetCookie();
    expect(cookie).toMatch(/^codigos-escaneados=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=7200/);
    expect(cookie).not.toContain(CHAPTER_PATHS[0]!.token);

    // A signed-in reader's scan is unlocked by the page it leads to: nothing to remember.
    const reader = await signUpReader(services, "ya-lectora@example.com");
    expect((await scan("capitulo-1", reader.cookie)).headers.getSetCookie()).toEqual([]);
  });

  it("unlocks the remembered scans with the first signed-in view, once, and forgets them", async () => {
    const scanned = cookiePair((await scan("capitulo-2")).headers.getSetCookie()[0]!);
    const reader = await signUpReader(services, "nueva@example.com");
    const both = `${reader.cookie}; ${scanned}`;

    // A client-side view of any page (here /eventos) after signing in.
    const first = await unlockAction(
      await routeArgs(services, "/api/unlocks", {
        method: "POST",
        cookie: both,
        body: JSON.stringify({ path: "/eventos" }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    // Shown on /eventos, it goes on with the reader: it is not that page's (decision 050).
    expect(bodyOf(first)).toMatchObject({
      celebration: {
        firstUnlock: true,
        cards: [{ name: "La abuela Lupe" }, { name: "Casa de la abuela" }],
        scannedBeforeSignIn: true,
      },
    });
    expect(setCookieOf(first)).toEqual([expect.stringMatching(/^codigos-escaneados=.*; Max-Age=0;/)]);
    expect(await unlockedCharacterIds(services.db, reader.userId)).toEqual(["abuela-lupe"]);

    // A full page load does the same, for another reader on another device.
    const other = await signUpReader(services, "otra@example.com");
    const loaded = await rootLoader(await routeArgs(services, "/", { cookie: `${other.cookie}; ${scanned}` }));
    expect(bodyOf(loaded).celebration).toMatchObject({
      firstUnlock: true,
      cards: [{ name: "La abuela Lupe" }, {}],
      scannedBeforeSignIn: true,
    });
    expect(setCookieOf(loaded)).toEqual([expect.stringMatching(/Max-Age=0/)]);
    // Without the cookie (forgotten), nothing more.
    const again = await rootLoader(await routeArgs(services, "/", { cookie: other.cookie }));
    expect(bodyOf(again).celebration).toBeNull();
    expect(setCookieOf(again)).toEqual([]);
  });

  it("a page's own unlock, with nothing remembered, belongs to that page", async () => {
    const reader = await signUpReader(services, "propia@example.com");
    const chapter = tokenPathOf(CHAPTER_PATHS[0]!);
    const loaded = await rootLoader(await routeArgs(services, chapter, { cookie: reader.cookie }));
    expect(bodyOf(loaded).celebration).toMatchObject({ firstUnlock: true, scannedBeforeSignIn: false });
    const other = await signUpReader(services, "propia-2@example.com");
    const reported = await unlockAction(
      await routeArgs(services, "/api/unlocks", {
        method: "POST",
        cookie: other.cookie,
        body: JSON.stringify({ path: chapter }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(bodyOf(reported)).toMatchObject({ celebration: { firstUnlock: true, scannedBeforeSignIn: false } });
  });

  it("a remembered code that has been switched off since opens nothing", async () => {
    const scanned = cookiePair((await scan("capitulo-3")).headers.getSetCookie()[0]!);
    await services.db.updateTable("qr_codes").set({ active: false }).where("code", "=", "capitulo-3").execute();
    const reader = await signUpReader(services, "tarde@example.com");
    const loaded = await rootLoader(await routeArgs(services, "/", { cookie: `${reader.cookie}; ${scanned}` }));
    expect(bodyOf(loaded).celebration).toBeNull();
    expect(await unlockedCharacterIds(services.db, reader.userId)).toEqual([]);
  });

  /** A cookie of these codes, signed as the server signs it (as with a leaked secret). */
  async function signedScans(codes: string[]) {
    const cookie = createCookie("codigos-escaneados", { secrets: [services.auth.options.secret ?? ""] });
    return cookiePair(await cookie.serialize(codes));
  }

  /** What a remembered-scans cookie a server answer set holds (signed with the same secret). */
  async function codesIn(setCookie: string) {
    return createCookie("codigos-escaneados", { secrets: [services.auth.options.secret ?? ""] }).parse(
      cookiePair(setCookie),
    ) as Promise<unknown>;
  }

  it("a forged (unsigned) cookie is not honoured: 1,500 codes, real ones among them, unlock nothing", async () => {
    const reader = await signUpReader(services, "adivina@example.com");
    const guesses = Array.from({ length: 1_498 }, (_, index) => `adivinanza-${index}`);
    const codes = ["capitulo-2", ...guesses, "capitulo-2"];
    const forged = `codigos-escaneados=${encodeURIComponent(btoa(JSON.stringify(codes)))}`;
    expect(forged.length).toBeGreaterThan(14_000);
    const loaded = await rootLoader(await routeArgs(services, "/", { cookie: `${reader.cookie}; ${forged}` }));
    expect(bodyOf(loaded).celebration).toBeNull();
    expect(await unlockedCharacterIds(services.db, reader.userId)).toEqual([]);
    // Nor is it carried on by a visitor's next scan.
    const [kept] = (await scan("capitulo-4", forged)).headers.getSetCookie();
    expect(await codesIn(kept!)).toEqual(["capitulo-4"]);
  });

  it("a signed cookie is read with care: only its latest five codes count, each shaped as a QR code", async () => {
    const real = ["capitulo-1", "capitulo-2", "capitulo-4", "capitulo-5", "capitulo-6"];
    const guesses = Array.from({ length: 1_490 }, (_, index) => `adivinanza-${index}`);
    const malformed = ["CAPITULO-1", "x".repeat(65), "no valido", "ab"];
    // The real codes first, beyond the latest five: they are not applied.
    const crowded = await signedScans([...real, ...guesses, ...malformed, "capitulo-2"]);
    const reader = await signUpReader(services, "sellada@example.com");
    const loaded = await rootLoader(await routeArgs(services, "/", { cookie: `${reader.cookie}; ${crowded}` }));
    const alone = await signUpReader(services, "sola@example.com");
    const onlyLast = await rootLoader(
      await routeArgs(services, "/", { cookie: `${alone.cookie}; ${await signedScans(["capitulo-2"])}` }),
    );
    expect(bodyOf(loaded).celebration).toEqual(bodyOf(onlyLast).celebration);
    expect(await unlockedCharacterIds(services.db, reader.userId)).toEqual(["abuela-lupe"]);
    // A visitor's next scan keeps five well-formed codes at most.
    const [kept] = (await scan("capitulo-4", crowded)).headers.getSetCookie();
    expect(await codesIn(kept!)).toEqual(["capitulo-2", "capitulo-4"]);
    const full = await signedScans(real);
    const [next] = (await scan("capitulo-7", full)).headers.getSetCookie();
    expect(await codesIn(next!)).toEqual([...real.slice(1), "capitulo-7"]);
  });
});
