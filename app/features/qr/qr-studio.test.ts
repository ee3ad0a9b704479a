import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as studioAction, loader as studioLoader } from "../../routes/adminpanel.qr.tsx";
import { loader as imageLoader } from "../../routes/adminpanel.qr.$file.ts";
import { loader as sheetLoader } from "../../routes/adminpanel.qr.hoja.tsx";
import { loader as qrLoader } from "../../routes/qr.tsx";
import {
  createTestServices,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { listStudioCodes, proposeQrCode } from "./qr-studio.server.ts";

describe("proposed codes", () => {
  it("are 12 characters from a 32-letter alphabet, different each time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => proposeQrCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{12}$/);
  });
});

describe.each(DATABASE_KINDS)("the QR studio on %s", (kind) => {
  let services: TestServices;
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    services = await createTestServices(kind, { seed: true });
    const adminAccount = await signUpReader(services, "studio-admin@example.com");
    await services.db
      .insertInto("admins")
      .values({ user_id: adminAccount.userId, email: "studio-admin@example.com" })
      .execute();
    admin = adminAccount.cookie;
    reader = (await signUpReader(services, "studio-reader@example.com")).cookie;
  });
  afterAll(async () => {
    await services.dispose();
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
    expect(page.proposal.length).toBeGreaterThanOrEqual(10);
  });

  it("refuses bad input with a message beside the field, writing nothing", async () => {
    const before = (await listStudioCodes(services.db)).length;
    const bad = (await post({ intent: "create", code: "con espacios", target: "https://otro.example", label: "" })) as {
      data: { errors: Record<string, string> };
    };
    expect(statusOf(bad)).toBe(400);
    expect(bad.data.errors.code).toMatch(/letras minúsculas/);
    expect(bad.data.errors.target).toMatch(/ruta de este sitio/);
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
      codes: { code: string }[];
    };
    expect(sheet.codes.map((entry) => entry.code)).not.toContain("cartel-feria");
    expect(sheet.codes.map((entry) => entry.code)).toContain("book");
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
