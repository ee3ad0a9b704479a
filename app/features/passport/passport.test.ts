import { describe, expect, it } from "vitest";
import { loader as passportLoader } from "../../routes/pasaporte.tsx";
import { loader as chaptersLoader } from "../../routes/capitulos.tsx";
import { routeArgs, signUpReader, type TestServices } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { seedCharacters } from "../../../db/seed/characters.ts";
import { seedChapterTexts } from "../../../db/seed/chapters.ts";
import { unlockForVisit } from "../unlocks/unlocks.server.ts";
import { buildPassport, type Passport } from "./passport.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const CHARACTER_TOTAL = seedCharacters.length;
const ALWAYS_OPEN = seedCharacters.filter((character) => character.requiredUrl === null).length;
const mariposa = seedCharacters.find((character) => character.id === "mariposa-monarca")!;
const camazotz = seedCharacters.find((character) => character.id === "camazotz")!;
const SECRETS = [camazotz.weakness, camazotz.power, camazotz.description, camazotz.subtitle, camazotz.imageUrl];
const TOKENS = CHAPTER_PATHS.map((chapter) => chapter.token);

const passportOf = async (services: TestServices, cookie?: string) =>
  ((await passportLoader(await routeArgs(services, "/pasaporte", { cookie }))) as { passport: Passport | null })
    .passport;

describe("buildPassport", () => {
  it("keeps a pending card to its hint and picture, keyed by position", () => {
    const passport = buildPassport({
      chapters: [
        { id: "a", number: 1, title: "Uno", path: "/uno", requiredUrlText: "pista 1", found: true },
        { id: "b", number: 2, title: "Dos", path: "/dos", requiredUrlText: "pista 2", found: false },
      ],
      characters: [
        { id: "x", name: "Equis", subtitle: "la x", imageSrc: "/x.svg", requiredUrlText: "", locked: false },
        { id: "secreto", imageSrc: "/silueta.svg", requiredUrlText: "pista y", locked: true },
      ],
      clan: { id: 0, name: "Sin clan", title: "Todavía sin clan", description: "", emblem: null },
    });
    expect(passport.chapters).toMatchObject({ found: 1, total: 2 });
    expect(passport.characters).toMatchObject({ found: 1, total: 2 });
    expect(passport.chapters.cards[1]).toEqual({
      key: "capitulo-pendiente-1",
      found: false,
      number: 2,
      hint: "pista 2",
      started: false,
    });
    expect(passport.characters.cards[1]).toEqual({
      key: "personaje-pendiente-1",
      found: false,
      hint: "pista y",
      imageSrc: "/silueta.svg",
    });
    expect(JSON.stringify(passport)).not.toMatch(/Dos|\/dos|secreto/);
  });
});

describe.each(ROUTE_TEST_DATABASE_KINDS)("the passport's counts (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("is empty for a visitor", async () => {
    expect(await passportOf(services)).toBeNull();
  });

  it("counts what a reader found by scanning, not what the site opens for everyone", async () => {
    const ana = await signUpReader(services, `ana.${kind}@example.com`);
    // The hidden special chapter is a surprise: it is not counted until it is listed.
    const chapterTotal = seedChapterTexts.filter((chapter) => !chapter.hidden).length;
    expect(chapterTotal).toBe(CHAPTER_PATHS.length - 1);

    // A new reader: no chapter found (chapters open to all are not 'found'), the two always-open characters.
    const fresh = (await passportOf(services, ana.cookie))!;
    expect(fresh.chapters).toMatchObject({ found: 0, total: chapterTotal });
    expect(fresh.characters).toMatchObject({ found: ALWAYS_OPEN, total: CHARACTER_TOTAL });
    expect(fresh.clan.id).toBe(0);

    // Scanning chapter 1's code unlocks the chapter and Mariposa Monarca.
    await unlockForVisit(services.db, ana.userId, [tokenPathOf(CHAPTER_PATHS[0]!)]);
    await services.db.updateTable("profiles").set({ clan: 2 }).where("user_id", "=", ana.userId).execute();
    const after = (await passportOf(services, ana.cookie))!;
    expect(after.chapters).toMatchObject({ found: 1, total: chapterTotal });
    expect(after.characters).toMatchObject({ found: ALWAYS_OPEN + 1, total: CHARACTER_TOTAL });
    expect(after.chapters.cards[0]).toMatchObject({ found: true, path: `/${CHAPTER_PATHS[0]!.slug}` });
    expect(after.characters.cards.find((card) => card.found && card.name === mariposa.name)).toBeDefined();
    expect(after.clan).toMatchObject({ id: 2, name: "Mictlán" });

    // Nothing of a pending card but its hint, and no token path anywhere.
    const sent = JSON.stringify(after);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
    expect(sent).not.toContain(camazotz.name);
    expect(sent).toContain(camazotz.requiredUrlText);
    for (const token of TOKENS) expect(sent).not.toContain(token);

    // /capitulos tells the same count and marks the found chapter read.
    const list = (await chaptersLoader(await routeArgs(services, "/capitulos", { cookie: ana.cookie }))) as {
      progress: { found: number; total: number };
      cards: { id: string; found: boolean }[];
    };
    expect(list.progress).toEqual({ found: 1, total: chapterTotal });
    expect(list.cards.filter((card) => card.found).map((card) => card.id)).toEqual([CHAPTER_PATHS[0]!.id]);

    // Another reader's unlocks are theirs alone.
    const beto = await signUpReader(services, `beto.${kind}@example.com`);
    expect((await passportOf(services, beto.cookie))!.chapters.found).toBe(0);
  });
});

describe("'Guardar para el viaje' from a chapter page: what /pasaporte's address may ask (issue 43)", () => {
  const services = useTestServices("pglite", { seed: true });
  type Trip = { startOnArrival: boolean; returnTo: { path: string; title: string } | null } | null;
  const tripAt = async (path: string, cookie?: string) =>
    ((await passportLoader(await routeArgs(services, path, { cookie }))) as { trip: Trip }).trip;

  it("starts saving on arrival and leads back only to one of the reader's found chapters, by its slug", async () => {
    const reader = await signUpReader(services, "viaje.desde.capitulo@example.com");
    const [found, , locked] = CHAPTER_PATHS;
    await unlockForVisit(services.db, reader.userId, [tokenPathOf(found!)]);

    expect(await tripAt(`/pasaporte?guardar=1&desde=${found!.slug}`, reader.cookie)).toMatchObject({
      startOnArrival: true,
      returnTo: { path: `/${found!.slug}`, title: "Salida a Tzintzuntzan" },
    });
    expect(await tripAt("/pasaporte", reader.cookie)).toMatchObject({ startOnArrival: false, returnTo: null });
    // Not a found chapter's slug (a locked one, a token, a path, another site): no way back at all.
    for (const asked of [
      locked!.slug,
      found!.token,
      tokenPathOf(found!),
      `/${found!.slug}`,
      "//example.org",
      "https://example.org/",
      "",
    ]) {
      const trip = await tripAt(`/pasaporte?guardar=1&desde=${encodeURIComponent(asked)}`, reader.cookie);
      expect(trip?.returnTo, asked).toBeNull();
      expect(JSON.stringify(trip)).not.toContain(found!.token);
    }
    // A visitor is offered no copy, whatever the address asks.
    expect(await tripAt(`/pasaporte?guardar=1&desde=${found!.slug}`)).toBeNull();
  });
});
