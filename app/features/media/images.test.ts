import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as uploadAction } from "../../routes/adminpanel.imagenes.ts";
import { loader as mediaLoader } from "../../routes/media.$file.ts";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { sniffImage, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "./images.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const picture = (format: "png" | "jpeg" | "webp", width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })
    .toFormat(format)
    .toBuffer();
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("telling an image by its content", () => {
  it("knows PNG, JPEG and WebP by their first bytes, and SVG for what it is", async () => {
    expect(sniffImage(await picture("png", 8, 8))).toBe("png");
    expect(sniffImage(await picture("jpeg", 8, 8))).toBe("jpeg");
    expect(sniffImage(await picture("webp", 8, 8))).toBe("webp");
    expect(sniffImage(SVG)).toBe("svg");
    expect(sniffImage(Buffer.from("GIF89a......"))).toBeNull();
  });
});

describe.each(ROUTE_TEST_DATABASE_KINDS)("image uploads on %s", (kind) => {
  const services = useTestServices(kind);
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    const account = await signUpReader(services, "uploads-admin@example.com");
    await services.db
      .insertInto("admins")
      .values({ user_id: account.userId, email: "uploads-admin@example.com" })
      .execute();
    admin = account.cookie;
    reader = (await signUpReader(services, "uploads-reader@example.com")).cookie;
  });

  const upload = async (bytes: Uint8Array, name: string, type: string, cookie = admin) =>
    settle(async () => {
      const body = new FormData();
      body.set("file", new File([new Uint8Array(bytes)], name, { type }));
      return uploadAction(await routeArgs(services, "/adminpanel/imagenes", { method: "POST", body, cookie }));
    });
  const rows = async () =>
    Number(
      (
        await services.db
          .selectFrom("images")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const errorOf = (result: unknown) => answerOf<{ error: string }>(result).body.error;

  it("stores a PNG as WebP at most 1600 px wide, served at its content's URL with immutable caching", async () => {
    const result = (await upload(await picture("png"), "lago.png", "image/png")) as { ok: true; url: string };
    expect(result.url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const file = result.url.split("/").pop()!;
    const served = (await mediaLoader({
      ...((await routeArgs(services, result.url)) as object),
      params: { file },
    } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1600, height: 800 });
    // The same picture again is the same row and URL.
    const again = (await upload(await picture("png"), "otra.png", "image/png")) as { url: string };
    expect(again.url).toBe(result.url);
    expect(await rows()).toBe(1);
  });

  it("accepts JPEG and WebP, judged by content whatever the name says", async () => {
    expect(await upload(await picture("jpeg", 300, 200), "foto.svg", "image/svg+xml")).toMatchObject({ ok: true });
    expect(await upload(await picture("webp", 300, 300), "sin-extension", "application/octet-stream")).toMatchObject({
      ok: true,
    });
  });

  it("refuses SVG, other types by content, and files over 5 MB, in Spanish, storing nothing", async () => {
    const before = await rows();
    const svg = await upload(SVG, "dibujo.png", "image/png");
    expect(statusOf(svg)).toBe(415);
    expect(errorOf(svg)).toBe(UPLOAD_MESSAGES.svg);
    const text = await upload(Buffer.from("no soy una imagen"), "foto.png", "image/png");
    expect(statusOf(text)).toBe(415);
    expect(errorOf(text)).toBe(UPLOAD_MESSAGES.wrongType);
    const gif = await upload(Buffer.from("GIF89a\x01\x00\x01\x00"), "animado.webp", "image/webp");
    expect(errorOf(gif)).toBe(UPLOAD_MESSAGES.wrongType);
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(await picture("png", 8, 8));
    const tooBig = await upload(big, "grande.png", "image/png");
    expect(statusOf(tooBig)).toBe(413);
    expect(errorOf(tooBig)).toBe(UPLOAD_MESSAGES.tooBig);
    const broken = new Uint8Array(64);
    broken.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(errorOf(await upload(broken, "rota.png", "image/png"))).toBe(UPLOAD_MESSAGES.unreadable);
    expect(await rows()).toBe(before);
  });

  it("is for admins only", async () => {
    expect(statusOf(await upload(await picture("png", 10, 10), "x.png", "image/png", reader))).toBe(403);
  });
});
