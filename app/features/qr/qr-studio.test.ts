import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { action as studioAction, loader as studioLoader } from "../../routes/adminpanel.qr.tsx";
import { loader as imageLoader } from "../../routes/adminpanel.qr.$file.ts";
import { loader as sheetLoader } from "../../routes/adminpanel.qr.hoja.tsx";
import { loader as qrLoader } from "../../routes/qr.tsx";
import {
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  TEST_SITE_URL,
  answerOf,
} from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { listStudioCodes } from "./qr-studio.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe.each(DATABASE_KINDS)("the QR studio on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    const adminAccount = await signUpReader(services, "studio-admin@example.com");
    await services.db
      .insertInto("admins")
      .values({ user_id: adminAccount.userId, email: "studio-admin@example.com" })
      .execute();
    admin = adminAccount.cookie;
    reader = (await signUpReader(services, "studio-reader@example.com")).cookie;
  });

  const post = async (form: Record<string, string>, cookie = admin) =>
    settle(async () => studioAction(await routeArgs(services, "/adminpanel/qr", { method: "POST", form, cookie })));
  const scan = async (code: string) =>
    settle(async () => {
      const args = await routeArgs(services, `/qr/${code}`, { headers: { "x-client-ip": "198.51.100.7" } });
      return qrLoader({ ...(args as object), params: { code } } as never);
    });
  const image = async (file: string, cookie = admin) =>
    settle(async () => {
      const args = await routeArgs(services, `/adminpanel/qr/${file}`, { cookie });
      return imageLoader({ ...(args as object), params: { file } } as never);
    });

  it("is for admins only, checked by the server", async () => {
    expect(
      statusOf(await settle(async () => studioLoader(await routeArgs(services, "/adminpanel/qr", { cookie: reader })))),
    ).toBe(403);
    expect(statusOf(await post({ intent: "create", code: "de-un-lector", target: "/" }, reader))).toBe(403);
    expect(statusOf(await image("book.svg", reader))).toBe(403);
    expect(
      statusOf(
        await settle(async () => sheetLoader(await routeArgs(services, "/adminpanel/qr/hoja", { cookie: reader }))),
      ),
    ).toBe(403);
    const codes = await listStudioCodes(services.db);
    expect(codes.some((code) => code.code === "de-un-lector")).toBe(false);
  });

  it("keeps the 17 demo codes and proposes an unguessable id", async () => {
    const page = (await studioLoader(await routeArgs(services, "/adminpanel/qr", { cookie: admin }))) as {
      codes: { code: string }[];
      proposal: string;
    };
    expect(page.codes.map((code) => code.code)).toEqual(
      expect.arrayContaining(["capitulo-1", "capitulo-14", "book", "event", "future"]),
    );
    expect(page.codes).toHaveLength(17);
    expect(page.proposal).toMatch(/^[b-df-hj-km-np-tv-z2-9]{14}$/);
  });

  it("flags the demo codes and hand-typed short or numbered ones as guessable, not its own", async () => {
    const proposal = (
      (await studioLoader(await routeArgs(services, "/adminpanel/qr", { cookie: admin }))) as { proposal: string }
    ).proposal;
    await post({ intent: "create", code: proposal, target: "/" });
    await post({ intent: "create", code: "cartel-feria-2025", target: "/" });
    const page = (await studioLoader(await routeArgs(services, "/adminpanel/qr", { cookie: admin }))) as {
      codes: { code: string; guessable: string | null }[];
    };
    const guessable = new Map(page.codes.map((code) => [code.code, code.guessable]));
    for (const demo of ["capitulo-1", "capitulo-14", "book", "event", "future"])
      expect(guessable.get(demo)).toBe("short");
    expect(guessable.get("cartel-feria-2025")).toBe("number");
    expect(guessable.get(proposal)).toBeNull();
  });

  it("refuses bad input with a message beside the field, writing nothing", async () => {
    const before = (await listStudioCodes(services.db)).length;
    const bad = (await post({ intent: "create", code: "con espacios", target: "https://otro.example", label: "" })) as {
      data: { errors: Record<string, string> };
    };
    expect(statusOf(bad)).toBe(400);
    expect(answerOf<{ errors: Record<string, string> }>(bad).body.errors.code).toMatch(/letras minúsculas/);
    expect(answerOf<{ errors: Record<string, string> }>(bad).body.errors.target).toMatch(/ruta de este sitio/);
    const taken = await post({ intent: "create", code: "book", target: "/" });
    expect(statusOf(taken)).toBe(409);
    expect((await listStudioCodes(services.db)).length).toBe(before);
  });

  it("creates a code, counts its scans per day, changes where it leads and deactivates it", async () => {
    expect(
      await post({ intent: "create", code: "Cartel-Feria", target: "/eventos?taquito", label: "Cartel de la feria" }),
    ).toMatchObject({
      ok: true,
    });
    expect(((await scan("cartel-feria")) as Response).headers.get("Location")).toBe("/eventos?taquito");
    await scan("cartel-feria");
    let code = (await listStudioCodes(services.db)).find((candidate) => candidate.code === "cartel-feria")!;
    expect(code).toMatchObject({ label: "Cartel de la feria", total: 2, active: true });
    expect(code.perDay).toHaveLength(30);
    expect(code.perDay.at(-1)).toBe(2);

    expect(
      await post({ intent: "update", code: "cartel-feria", target: "/personajes", label: "Feria", expiresAt: "" }),
    ).toMatchObject({
      ok: true,
    });
    expect(((await scan("cartel-feria")) as Response).headers.get("Location")).toBe("/personajes");

    expect(await post({ intent: "deactivate", code: "cartel-feria" })).toMatchObject({ ok: true });
    expect(statusOf(await scan("cartel-feria"))).toBe(410);
    code = (await listStudioCodes(services.db)).find((candidate) => candidate.code === "cartel-feria")!;
    expect(code.active).toBe(false);
    const sheet = (await sheetLoader(await routeArgs(services, "/adminpanel/qr/hoja", { cookie: admin }))) as {
      entries: { code: string }[];
    };
    const printed = sheet.entries.map((entry) => entry.code);
    expect(printed).not.toContain("cartel-feria");
    expect(printed).toContain("book");
    // Past its date, a code answers 'Expired Code': not worth printing.
    expect(printed).not.toContain("event");
  });

  it("replaces a guessable code with an unguessable one that keeps its target and its scans", async () => {
    await scan("capitulo-3");
    await scan("capitulo-3");
    const before = (await listStudioCodes(services.db)).find((code) => code.code === "capitulo-3")!;
    expect(before.total).toBe(2);

    // Readers are refused by the action itself, and nothing changes.
    expect(statusOf(await post({ intent: "replace", code: "capitulo-3" }, reader))).toBe(403);
    expect((await listStudioCodes(services.db)).some((code) => code.code === "capitulo-3")).toBe(true);

    const result = (await post({ intent: "replace", code: "capitulo-3" })) as { ok: boolean; code: string };
    expect(result).toMatchObject({ ok: true, intent: "replace", replaced: "capitulo-3" });
    expect(result.code).toMatch(/^[b-df-hj-km-np-tv-z2-9]{14}$/);
    const codes = await listStudioCodes(services.db);
    expect(codes.some((code) => code.code === "capitulo-3")).toBe(false);
    const after = codes.find((code) => code.code === result.code)!;
    expect(after).toMatchObject({
      target: before.target,
      label: before.label,
      active: true,
      total: 2,
      guessable: null,
      createdAt: before.createdAt,
    });
    expect(after.perDay.at(-1)).toBe(2);
    // The statistics' day counts follow the scans to the new id, none left under the old one.
    const dayCounts = await services.db
      .selectFrom("page_view_days")
      .select(["path", "views"])
      .where("path", "in", ["/qr/capitulo-3", `/qr/${result.code}`])
      .execute();
    expect(dayCounts.map((row) => [row.path, Number(row.views)])).toEqual([[`/qr/${result.code}`, 2]]);

    // The new code leads where the old one did; the old one is an unknown code now.
    expect(((await scan(result.code)) as Response).headers.get("Location")).toBe(before.target);
    expect(statusOf(await scan("capitulo-3"))).toBe(404);
    expect(statusOf(await post({ intent: "replace", code: "capitulo-3" }))).toBe(404);
  });

  it("draws print-ready SVG and PNG images that decode to SITE_URL/qr/<code>", async () => {
    const svg = (await image("book.svg")) as Response;
    expect(svg.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg/);
    const png = (await image("book.png")) as Response;
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const decoded = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    const result = jsQR(new Uint8ClampedArray(decoded.data), decoded.width, decoded.height);
    expect(result?.data).toBe(`${TEST_SITE_URL}/qr/book`);
    expect(statusOf(await image("no-existe.svg"))).toBe(404);
    expect(statusOf(await image("book.gif"))).toBe(404);
  });
});
