import { beforeAll, describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "../../routes/adminpanel.capitulos.$id.tsx";
import { action as listAction } from "../../routes/adminpanel.capitulos.tsx";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { listEditorChapters, renderChapterMarkdown } from "./chapter-editor.server.ts";
import { parseChapterForm } from "./chapter.schema.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const valid = {
  intent: "save",
  title: "La ofrenda",
  subtitle: "Un capítulo nuevo",
  number: "15",
  slug: "la-ofrenda",
  layout: "first",
  requiredUrl: "/a1b2c3d4e5f6",
  requiredUrlText: "Escanea el código del cartel.",
  commentPrompt: "¿Qué pondrías en tu ofrenda?",
  description: "Pan de muerto y cempasúchil.",
  teaser: "Una noche de velas y una sorpresa.",
  markdown: "## Velas\n\nHabía **muchas** velas.<script>alert(1)</script><img src=x onerror=alert(1)>",
  "image-0-src": "/images/chapters/lago.svg",
  "image-0-alt": "El lago",
  "image-0-description": "Un lago al atardecer",
};

describe("the chapter form's rules", () => {
  const parse = (fields: Record<string, string>) => parseChapterForm(new Map(Object.entries({ ...valid, ...fields })));

  it("accepts a complete chapter", () => {
    const result = parse({});
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.data.images).toEqual([
        { src: "/images/chapters/lago.svg", alt: "El lago", description: "Un lago al atardecer" },
      ]);
  });

  it("refuses unsafe or taken-by-the-site slugs and token paths, in Spanish", () => {
    expect(parse({ slug: "Con Espacios" })).toMatchObject({
      ok: false,
      errors: { slug: expect.stringMatching(/minúsculas/) },
    });
    expect(parse({ slug: "../etc" })).toMatchObject({ ok: false, errors: { slug: expect.any(String) } });
    expect(parse({ slug: "capitulos" })).toMatchObject({
      ok: false,
      errors: { slug: "Esa dirección ya la usa otra página del sitio." },
    });
    expect(parse({ requiredUrl: "sin-barra" })).toMatchObject({
      ok: false,
      errors: { requiredUrl: expect.any(String) },
    });
    expect(parse({ requiredUrl: "//otro.example" })).toMatchObject({
      ok: false,
      errors: { requiredUrl: expect.any(String) },
    });
    expect(parse({ requiredUrl: "/adminpanel/x" })).toMatchObject({
      ok: false,
      errors: { requiredUrl: expect.any(String) },
    });
    expect(parse({ title: " " })).toMatchObject({ ok: false, errors: { title: "Escribe el título del capítulo." } });
    expect(parse({ "image-0-src": "https://otro.example/x.png" })).toMatchObject({
      ok: false,
      errors: { images: expect.any(String) },
    });
  });

  it("keeps the teaser short and different from the summary", () => {
    expect(parse({ teaser: "Algo brilla en el lago." })).toMatchObject({
      ok: true,
      data: { teaser: "Algo brilla en el lago." },
    });
    expect(parse({ teaser: "a".repeat(281) })).toMatchObject({
      ok: false,
      errors: { teaser: "El adelanto puede tener hasta 280 caracteres." },
    });
    expect(parse({ teaser: ` ${valid.description.toUpperCase()} ` })).toMatchObject({
      ok: false,
      errors: { teaser: expect.stringMatching(/no puede ser igual a la descripción/) },
    });
  });

  it("converts Markdown and strips scripts and handlers", () => {
    const html = renderChapterMarkdown(valid.markdown);
    expect(html).toContain("<h2>Velas</h2>");
    expect(html).toContain("<strong>muchas</strong>");
    expect(html).not.toMatch(/script|onerror|<img/);
  });
});

describe.each(ROUTE_TEST_DATABASE_KINDS)("the chapter editor on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    const account = await signUpReader(services, "editor-admin@example.com");
    await services.db
      .insertInto("admins")
      .values({ user_id: account.userId, email: "editor-admin@example.com" })
      .execute();
    admin = account.cookie;
    reader = (await signUpReader(services, "editor-reader@example.com")).cookie;
  });

  const save = async (id: string, form: Record<string, string>, cookie = admin) =>
    settle(async () => {
      const args = await routeArgs(services, `/adminpanel/capitulos/${id}`, { method: "POST", form, cookie });
      return editorAction({ ...(args as object), params: { id } } as never);
    });

  it("refuses readers on the server, writing nothing", async () => {
    expect(statusOf(await save("nuevo", valid, reader))).toBe(403);
    const page = await settle(async () => {
      const args = await routeArgs(services, "/adminpanel/capitulos/nuevo", { cookie: reader });
      return editorLoader({ ...(args as object), params: { id: "nuevo" } } as never);
    });
    expect(statusOf(page)).toBe(403);
    expect((await listEditorChapters(services.db)).some((chapter) => chapter.slug === "la-ofrenda")).toBe(false);
  });

  it("creates a chapter with its Markdown sanitised once, reachable at its slug and token", async () => {
    const saved = await save("nuevo", valid);
    expect(statusOf(saved)).toBe(302);
    const row = await services.db
      .selectFrom("chapters")
      .selectAll()
      .where("slug", "=", "la-ofrenda")
      .executeTakeFirstOrThrow();
    expect(row.content_markdown).toBe(valid.markdown);
    expect(row.teaser).toBe(valid.teaser);
    expect(row.content).toContain("<strong>muchas</strong>");
    expect(row.content).not.toMatch(/script|onerror/);
    const page = (await chapterLoader(await routeArgs(services, "/la-ofrenda", { cookie: reader }))) as {
      chapter: { contentHtml: string; images: unknown[] };
    };
    // As stored, its paragraphs numbered for the reading place (decision 076).
    expect(page.chapter.contentHtml.replace(/ id="parrafo-\d+"/g, "")).toBe(row.content);
    expect(page.chapter.images).toHaveLength(1);
  });

  it("refuses a slug or token path another chapter already uses", async () => {
    const taken = (await save("nuevo", { ...valid, slug: "el-mictlan", requiredUrl: "/a1b2c3d4e5f6" })) as {
      data: { errors: Record<string, string> };
    };
    expect(statusOf(taken)).toBe(409);
    expect(answerOf<{ errors: Record<string, string> }>(taken).body.errors).toMatchObject({
      slug: "Otro capítulo ya usa esa dirección.",
      requiredUrl: "Otro capítulo ya usa esa ruta.",
    });
  });

  it("makes a saved chapter's QR code once, for admins only, to its saved printed path", async () => {
    const chapter = await services.db
      .selectFrom("chapters")
      .select(["id", "required_url"])
      .where("slug", "=", "la-ofrenda")
      .executeTakeFirstOrThrow();
    const codesTo = () =>
      services.db.selectFrom("qr_codes").select("code").where("redirect_to", "=", chapter.required_url).execute();
    expect(await codesTo()).toEqual([]);
    expect(statusOf(await save(chapter.id, { intent: "create-qr" }, reader))).toBe(403);
    expect(await codesTo()).toEqual([]);
    const made = (await save(chapter.id, { intent: "create-qr" })) as Response;
    expect(made.status).toBe(302);
    const [code] = await codesTo();
    expect(code!.code).toMatch(/^[b-df-hj-km-np-tv-z2-9]{14}$/);
    expect(made.headers.get("Location")).toBe(`/adminpanel/qr?creado=${code!.code}#qr-${code!.code}`);
    // Again: the studio opens at the code it has; no second code.
    const again = (await save(chapter.id, { intent: "create-qr" })) as Response;
    expect(again.headers.get("Location")).toBe(`/adminpanel/qr#qr-${code!.code}`);
    expect(await codesTo()).toHaveLength(1);
    expect(statusOf(await save("no-existe", { intent: "create-qr" }))).toBe(404);
  });

  it("reorders and hides chapters", async () => {
    const list = async (form: Record<string, string>) =>
      settle(async () =>
        listAction(await routeArgs(services, "/adminpanel/capitulos", { method: "POST", form, cookie: admin })),
      );
    const before = (await listEditorChapters(services.db)).map((chapter) => chapter.id);
    await list({ intent: "up", id: before[1]! });
    const after = (await listEditorChapters(services.db)).map((chapter) => chapter.id);
    expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
    await list({ intent: "hide", id: "capitulo-3" });
    expect((await listEditorChapters(services.db)).find((chapter) => chapter.id === "capitulo-3")!.hidden).toBe(true);
    expect(statusOf(await list({ intent: "hide", id: "no-existe" }))).toBe(404);
  });
});
