import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "../../routes/add-character.tsx";
import { loader as galleryLoader } from "../../routes/personajes.tsx";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { setLogLevel } from "../../lib/log.server.ts";
import { CHARACTER_FIELD_MESSAGES } from "./character.schema.ts";
import { CHARACTERS_TOPIC } from "./character-topics.ts";
import {
  createCharacter,
  getCharacter,
  listCharacters,
  readCatalogue,
  updateCharacter,
  versionedImageSrc,
} from "./characters.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const bodyOf = <T>(value: unknown) => answerOf(value).body as T;

const FORM = {
  name: "Ajolote",
  order: "5",
  position: "50% 50%",
  imageUrl: "/images/characters/choc.svg",
  subtitle: "Guardián del lago",
  description: "Sonríe siempre.",
  power: "Regenerarse",
  weakness: "El agua sucia",
  color: "rosa",
  place: "Pátzcuaro",
  tags: "agua, lago",
  requiredUrl: "",
  requiredUrlText: "Siempre disponible.",
  style: "special",
};

describe.each(ROUTE_TEST_DATABASE_KINDS)("characters on %s", (kind) => {
  const services = useTestServices(kind, { seed: false });
  let admin: { userId: string; cookie: string };
  let reader: { userId: string; cookie: string };

  beforeAll(async () => {
    admin = await signUpReader(services, "autora@example.com");
    await services.db.insertInto("admins").values({ user_id: admin.userId, email: "autora@example.com" }).execute();
    reader = await signUpReader(services, "lectora@example.com");
  });
  beforeEach(async () => {
    await services.db.deleteFrom("characters").execute();
  });

  const insert = (
    rows: { id: string; name: string; sort_order: number; required_url?: string | null; image_url?: string }[],
  ) =>
    services.db
      .insertInto("characters")
      .values(rows.map((row) => ({ required_url: null, ...row })))
      .execute();

  const count = async () =>
    Number(
      (
        await services.db
          .selectFrom("characters")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("reading", () => {
    it("sorts by order, then by name (lower order first)", async () => {
      await insert([
        { id: "c", name: "Zorro", sort_order: 1 },
        { id: "a", name: "búho", sort_order: 2 },
        { id: "b", name: "Ajolote", sort_order: 2 },
        { id: "d", name: "Xólotl", sort_order: 0 },
        { id: "e", name: "Camazotz", sort_order: 2 },
      ]);
      expect((await listCharacters(services.db)).map((character) => character.name)).toEqual([
        "Xólotl",
        "Zorro",
        "Ajolote",
        "búho",
        "Camazotz",
      ]);
      expect((await readCatalogue(services.db, null)).characters.map((character) => character.id)).toEqual([
        "d",
        "c",
        "b",
        "a",
        "e",
      ]);
    });

    it("gives a visitor the collection a new reader gets: coded characters locked, no unlocks, no paths", async () => {
      await insert([
        { id: "valentina", name: "Valentina", sort_order: 0, required_url: null },
        { id: "mariposa", name: "Mariposa", sort_order: 1, required_url: "/capitulo-secreto" },
      ]);
      await services.db
        .updateTable("characters")
        .set({ weakness: "Secreto: la lluvia." })
        .where("id", "=", "mariposa")
        .execute();
      const visitor = await readCatalogue(services.db, null);
      expect(visitor.unlockedIds).toBeNull();
      expect(visitor.characters.map((character) => [character.id, character.locked])).toEqual([
        ["valentina", false],
        ["mariposa", true],
      ]);
      expect(visitor.characters).toEqual((await readCatalogue(services.db, reader.userId)).characters);
      expect(JSON.stringify(visitor)).not.toContain("/capitulo-secreto");
      expect(JSON.stringify(visitor)).not.toContain("la lluvia");
    });

    it("tells a signed-in reader what they unlocked; characters with no unlocking path count as unlocked", async () => {
      await insert([
        { id: "valentina", name: "Valentina", sort_order: 0, required_url: null },
        { id: "mariposa", name: "Mariposa", sort_order: 1, required_url: "/uno" },
        { id: "abuela", name: "Abuela", sort_order: 2, required_url: "/dos" },
      ]);
      await services.db
        .insertInto("unlocked_characters")
        .values({ user_id: reader.userId, character_id: "abuela" })
        .execute();
      expect((await readCatalogue(services.db, reader.userId)).unlockedIds).toEqual(["valentina", "abuela"]);
      expect((await readCatalogue(services.db, admin.userId)).unlockedIds).toEqual(["valentina"]);
    });

    it("sends a reader's locked card as silhouette, name and hint only, and all of it once unlocked", async () => {
      await insert([{ id: "murcielago", name: "Murciélago", sort_order: 1, required_url: "/cueva" }]);
      await services.db
        .updateTable("characters")
        .set({
          subtitle: "Señor de la cueva",
          description: "Vive donde no llega la luz.",
          power: "Vuela sin hacer ruido.",
          weakness: "Secreto: le asusta el amanecer.",
          color: "negro",
          place: "La cueva de los ecos",
          tags: ["nocturno"],
          image_url: "/images/characters/camazotz.svg",
          required_url_text: "Escanea el código del capítulo 6.",
        })
        .where("id", "=", "murcielago")
        .execute();
      const locked = await readCatalogue(services.db, reader.userId);
      expect(locked.characters).toEqual([
        {
          id: "murcielago",
          name: "Murciélago",
          requiredUrlText: "Escanea el código del capítulo 6.",
          style: "basic",
          position: "center",
          imageSrc: "/images/characters/silueta.svg",
          locked: true,
        },
      ]);
      const sent = JSON.stringify(locked);
      for (const secret of ["Señor de la cueva", "no llega la luz", "sin hacer ruido", "amanecer", "negro", "ecos"])
        expect(sent).not.toContain(secret);
      expect(sent).not.toContain("camazotz.svg");

      await services.db
        .insertInto("unlocked_characters")
        .values({ user_id: reader.userId, character_id: "murcielago" })
        .execute();
      const open = await readCatalogue(services.db, reader.userId);
      expect(open.characters[0]).toMatchObject({ locked: false, weakness: "Secreto: le asusta el amanecer." });
    });

    it("versions site images by the last update, leaving other hosts' URLs alone", () => {
      const at = new Date("2026-01-02T03:04:05Z");
      expect(versionedImageSrc("/images/characters/choc.svg", at)).toBe(
        `/images/characters/choc.svg?v=${at.getTime()}`,
      );
      expect(versionedImageSrc("/images/a.svg?x=1", at)).toBe(`/images/a.svg?x=1&v=${at.getTime()}`);
      expect(versionedImageSrc("https://cdn.example.com/a.png", at)).toBe("https://cdn.example.com/a.png");
    });
  });

  describe("/personajes loader", () => {
    it("returns the collection, the reader's unlocks and the ?q= search", async () => {
      await insert([{ id: "taquito", name: "Taquito", sort_order: 1, image_url: "/images/characters/taquito.svg" }]);
      const visitor = bodyOf<{
        characters: { name: string; imageSrc: string }[];
        unlockedIds: unknown;
        search: string;
        loadError: unknown;
      }>(await galleryLoader(await routeArgs(services, "/personajes?q=taq")));
      expect(visitor).toMatchObject({ search: "taq", unlockedIds: null, loadError: null });
      expect(visitor.characters[0]).toMatchObject({
        name: "Taquito",
        imageSrc: expect.stringMatching(/^\/images\/characters\/taquito\.svg\?v=\d+$/),
      });
      const signedIn = bodyOf<{ unlockedIds: string[] }>(
        await galleryLoader(await routeArgs(services, "/personajes", { cookie: reader.cookie })),
      );
      expect(signedIn.unlockedIds).toEqual(["taquito"]);
    });

    it("answers a database failure with the message for 'Error loading characters: '", async () => {
      await services.db.schema.alterTable("characters").renameTo("characters_away").execute();
      setLogLevel("silent"); // the failure is logged on purpose
      try {
        const result = await galleryLoader(await routeArgs(services, "/personajes"));
        expect(statusOf(result)).toBe(500);
        const body = bodyOf<{ characters: unknown[]; loadError: string }>(result);
        expect(body.characters).toEqual([]);
        expect(body.loadError).toMatch(/characters/);
      } finally {
        setLogLevel("warn");
        await services.db.schema.alterTable("characters_away").renameTo("characters").execute();
      }
    });
  });

  describe("writing", () => {
    it("announces every write on the characters topic once it is committed", async () => {
      const heard: string[] = [];
      const unsubscribe = services.live.subscribe([CHARACTERS_TOPIC], (topic) => heard.push(topic));
      try {
        const publish = (topic: string, executor: typeof services.db) => services.live.publish(topic, executor);
        const created = await createCharacter(services.db, admin.userId, { ...(await validInput()) }, publish);
        await expect.poll(() => heard.length, { timeout: 3000 }).toBe(1);
        await updateCharacter(
          services.db,
          admin.userId,
          created.ok ? created.id : "",
          { ...(await validInput()), name: "Otro" },
          publish,
        );
        await expect.poll(() => heard.length, { timeout: 3000 }).toBe(2);
        expect(await updateCharacter(services.db, admin.userId, "no-existe", await validInput(), publish)).toEqual({
          ok: false,
          reason: "not-found",
        });
        await new Promise((done) => setTimeout(done, 200));
        expect(heard).toEqual([CHARACTERS_TOPIC, CHARACTERS_TOPIC]);
      } finally {
        unsubscribe();
      }
    });
  });

  describe("/add-character action", () => {
    const post = async (form: Record<string, string>, cookie?: string) =>
      settle(async () => editorAction(await routeArgs(services, "/add-character", { method: "POST", cookie, form })));

    it("lets an admin add a character, recorded as created by that admin whatever the form says", async () => {
      const result = await post(
        { ...FORM, createdBy: reader.userId, created_by: reader.userId, updatedBy: reader.userId },
        admin.cookie,
      );
      expect(statusOf(result)).toBe(200);
      const body = bodyOf<{ ok: boolean; mode: string; id: string; message: string }>(result);
      expect(body).toMatchObject({ ok: true, mode: "add", message: "Character added successfully!" });
      const saved = await getCharacter(services.db, body.id);
      expect(saved).toMatchObject({
        name: "Ajolote",
        order: 5,
        style: "special",
        tags: ["agua", "lago"],
        requiredUrl: null,
        createdBy: admin.userId,
        updatedBy: null,
      });
      expect(Date.now() - saved!.createdAt.getTime()).toBeLessThan(60_000);
    });

    it("lets an admin edit: updatedBy and updatedAt set, createdBy and createdAt unchanged", async () => {
      await insert([{ id: "choc", name: "Choc", sort_order: 9 }]);
      await services.db
        .updateTable("characters")
        .set({ created_by: "seed", created_at: new Date("2025-01-01T00:00:00Z") })
        .where("id", "=", "choc")
        .execute();
      const result = await post(
        { ...FORM, id: "choc", name: "Choc", subtitle: "Alebrije parlanchín", createdBy: reader.userId },
        admin.cookie,
      );
      expect(bodyOf(result)).toMatchObject({
        ok: true,
        mode: "edit",
        id: "choc",
        message: "Character updated successfully!",
      });
      const saved = await getCharacter(services.db, "choc");
      expect(saved).toMatchObject({ subtitle: "Alebrije parlanchín", createdBy: "seed", updatedBy: admin.userId });
      expect(saved!.createdAt.toISOString()).toBe("2025-01-01T00:00:00.000Z");
      expect(saved!.updatedAt.getTime()).toBeGreaterThan(saved!.createdAt.getTime());
      expect(await count()).toBe(1);
    });

    it("answers 404 for an id that does not exist, writing nothing", async () => {
      const result = await post({ ...FORM, id: "no-existe" }, admin.cookie);
      expect(statusOf(result)).toBe(404);
      expect(bodyOf<{ message: string }>(result).message).toMatch(/^Error: /);
      expect(await count()).toBe(0);
    });

    it("refuses invalid input with 400 and the message of each field, writing nothing", async () => {
      const result = await post({ ...FORM, name: " ", order: "-2", imageUrl: "no es una url" }, admin.cookie);
      expect(statusOf(result)).toBe(400);
      expect(bodyOf(result)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Error: /),
        fieldErrors: {
          name: CHARACTER_FIELD_MESSAGES.nameRequired,
          order: CHARACTER_FIELD_MESSAGES.orderInvalid,
          imageUrl: CHARACTER_FIELD_MESSAGES.imageUrlInvalid,
        },
      });
      await insert([{ id: "choc", name: "Choc", sort_order: 9 }]);
      expect(statusOf(await post({ ...FORM, id: "choc", name: "" }, admin.cookie))).toBe(400);
      expect(await getCharacter(services.db, "choc")).toMatchObject({ name: "Choc", updatedBy: null });
      expect(await count()).toBe(1);
    });

    it("refuses a reader with 403 and writes nothing, neither adding nor editing", async () => {
      await insert([{ id: "choc", name: "Choc", sort_order: 9 }]);
      expect(statusOf(await post(FORM, reader.cookie))).toBe(403);
      expect(statusOf(await post({ ...FORM, id: "choc" }, reader.cookie))).toBe(403);
      expect(await listCharacters(services.db)).toMatchObject([{ id: "choc", name: "Choc", updatedBy: null }]);
      const page = await settle(async () =>
        editorLoader(await routeArgs(services, "/add-character", { cookie: reader.cookie })),
      );
      expect(statusOf(page)).toBe(403);
    });

    it("sends a visitor to /login and writes nothing", async () => {
      const result = await post(FORM);
      expect(statusOf(result)).toBe(302);
      expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadd-character");
      expect(await count()).toBe(0);
    });

    it("offers the book's chapters and the working QR codes as what unlocks, and refuses any other path", async () => {
      await services.db
        .insertInto("chapters")
        .values({
          id: "capitulo-3",
          sort_order: 3,
          number: 3,
          slug: "el-convento",
          title: "El convento",
          required_url: "/tok3",
          layout: "first",
          images: JSON.stringify([]),
        })
        .execute();
      await services.db
        .insertInto("qr_codes")
        .values([
          { code: "capitulo-3", redirect_to: "/tok3" },
          { code: "book", redirect_to: "/?book" },
          { code: "cartel", redirect_to: "/?book", label: "Cartel de la feria" },
          { code: "viejo", redirect_to: "/viejo", expires_at: "2020-01-01T00:00:00Z" },
          { code: "apagado", redirect_to: "/apagado", active: false },
        ])
        .execute();
      try {
        const page = bodyOf<{ unlockChoices: unknown }>(
          await editorLoader(await routeArgs(services, "/add-character", { cookie: admin.cookie })),
        );
        expect(page.unlockChoices).toEqual({
          chapters: [{ path: "/tok3", label: "Capítulo 3: El convento (código capitulo-3)" }],
          codes: [{ path: "/?book", label: "código book; Cartel de la feria, código cartel: lleva a /?book" }],
        });
        // A chapter's printed path and another code's destination are taken.
        for (const requiredUrl of ["/tok3", "/?book"])
          expect(statusOf(await post({ ...FORM, name: requiredUrl, requiredUrl }, admin.cookie)), requiredUrl).toBe(
            200,
          );
        // A slug (whose visit unlocks nothing), an expired or deactivated code's path, any path: refused.
        for (const requiredUrl of ["/el-convento", "/viejo", "/apagado", "/cualquiera"]) {
          const refused = await post({ ...FORM, requiredUrl }, admin.cookie);
          expect(statusOf(refused), requiredUrl).toBe(400);
          expect(bodyOf(refused)).toMatchObject({
            fieldErrors: { requiredUrl: CHARACTER_FIELD_MESSAGES.requiredUrlInvalid },
          });
        }
        expect(await count()).toBe(2);
        // A path saved before the list existed stays when its character is edited, and only then.
        await insert([{ id: "legado", name: "Legado", sort_order: 3, required_url: "/legado" }]);
        expect(statusOf(await post({ ...FORM, id: "legado", requiredUrl: "/legado" }, admin.cookie))).toBe(200);
        expect(statusOf(await post({ ...FORM, requiredUrl: "/legado" }, admin.cookie))).toBe(400);
        expect(await count()).toBe(3);
      } finally {
        await services.db.deleteFrom("qr_codes").execute();
        await services.db.deleteFrom("chapters").execute();
      }
    });

    it("gives the editor every character with its form values, in display order", async () => {
      await insert([
        { id: "b", name: "Beta", sort_order: 1 },
        { id: "a", name: "Alfa", sort_order: 1 },
      ]);
      await services.db
        .updateTable("characters")
        .set({ required_url: "/dos", tags: ["x", "y"] })
        .where("id", "=", "b")
        .execute();
      const page = bodyOf<{ characters: { id: string; values: Record<string, string> }[] }>(
        await editorLoader(await routeArgs(services, "/add-character", { cookie: admin.cookie })),
      );
      expect(page.characters.map((character) => character.id)).toEqual(["a", "b"]);
      expect(page.characters[1]!.values).toMatchObject({ name: "Beta", order: "1", requiredUrl: "/dos", tags: "x, y" });
    });
  });
});

async function validInput() {
  const { parseCharacterForm } = await import("./character.schema.ts");
  const parsed = parseCharacterForm(FORM);
  if (!parsed.ok) throw new Error("fixture is invalid");
  return parsed.data;
}
