import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { CHARACTER_FIELDS } from "../../app/features/characters/character.schema.ts";
import { adminCommand, expect, signUpWith, test, uniqueEmail } from "./support.ts";

/**
 * Property: whatever a client sends to any action or API — body, content type, encoding, size,
 * origin, session — the server answers below 500. Drives the built site over HTTP, as a
 * visitor, a reader and an admin. FUZZ_RUNS sets how many requests (default 1,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

const chapter2 = CHAPTER_PATHS.find((chapter) => chapter.number === 2)!;
const chapter9 = CHAPTER_PATHS.find((chapter) => chapter.number === 9)!;
const TARGETS: { method: string; path: string }[] = [
  { method: "POST", path: "/login" },
  { method: "POST", path: "/login?modo=registro" },
  { method: "POST", path: "/tu-perfil" },
  { method: "POST", path: "/add-character" },
  { method: "POST", path: "/adminpanel" },
  { method: "POST", path: "/adminpanel/mensajes" },
  { method: "POST", path: "/adminpanel/qr" },
  { method: "POST", path: "/adminpanel/capitulos" },
  { method: "POST", path: "/adminpanel/capitulos/nuevo" },
  { method: "POST", path: "/adminpanel/capitulos/capitulo-2" },
  { method: "POST", path: "/adminpanel/imagenes" },
  { method: "POST", path: "/salida-a-tzintzuntzan" },
  { method: "POST", path: `/${chapter2.token}` },
  { method: "POST", path: `/${chapter9.token}` },
  { method: "POST", path: "/section3" },
  { method: "POST", path: "/logout" },
  { method: "POST", path: "/contact" },
  { method: "POST", path: "/personajes" },
  { method: "POST", path: "/api/send-email.php" },
  { method: "POST", path: "/api/page-view" },
  { method: "POST", path: "/api/unlocks" },
  { method: "POST", path: "/api/auth/sign-in/email" },
  { method: "POST", path: "/api/auth/sign-up/email" },
  { method: "POST", path: "/recuperar-contrasena" },
  { method: "POST", path: "/recuperar-contrasena/nueva" },
  { method: "POST", path: "/tu-perfil/borrar" },
  { method: "POST", path: "/api/auth/request-password-reset" },
  { method: "POST", path: "/api/auth/reset-password" },
  { method: "POST", path: "/tu-edad" },
  { method: "POST", path: "/tu-perfil/permiso" },
  { method: "POST", path: "/permiso-familiar/un-enlace-cualquiera" },
  { method: "PUT", path: "/tu-perfil" },
  { method: "DELETE", path: "/adminpanel" },
  { method: "PATCH", path: "/api/send-email.php" },
];

const FIELDS = [
  ...new Set([
    "email",
    "password",
    "redirectTo",
    "intent",
    "name",
    "comment",
    "website",
    "displayName",
    "age",
    "clan",
    "birthYear",
    "guardianEmail",
    "text",
    "id",
    "userId",
    "path",
    "title",
    "code",
    "target",
    "label",
    "expiresAt",
    "slug",
    "layout",
    "number",
    "markdown",
    "requiredUrl",
    "image-0-src",
    "file",
    "token",
    "repeat",
    "newPassword",
    "confirmar",
    ...CHARACTER_FIELDS,
  ]),
];

const INTENTS = [
  "google",
  "add",
  "remove",
  "handle",
  "unhandle",
  "comment",
  "create",
  "update",
  "deactivate",
  "save",
  "preview",
  "up",
  "hide",
  "x",
];
const TRICKY_PATHS = [
  "//",
  "/\\evil.example",
  "/\t/evil.example",
  "%2F%2Fevil.example",
  "/\u0000",
  "/\u202e",
  "/%E0%A4%A",
  "\\\\evil",
];

// Any text: full Unicode with lone surrogates and control characters, NUL included.
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(...TRICKY_PATHS, "", " ", "x".repeat(5000), "\u0000", "a\u0000b", "\ud800", "ñandú@example.com"),
  fc.integer().map(String),
);
const formValue = fc.oneof(anyText, fc.constantFrom(...INTENTS));
const formFields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), formValue, {
  maxKeys: 8,
});

const encodeForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const encodeMultipart = (fields: Record<string, string>, boundary: string) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("") + `--${boundary}--\r\n`;

type Body = { contentType: string | undefined; body: Buffer };
const body: fc.Arbitrary<Body> = fc.oneof(
  formFields.map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(encodeForm(fields)),
  })),
  formFields.map((fields) => ({
    contentType: "multipart/form-data; boundary=fuzzboundary",
    body: Buffer.from(encodeMultipart(fields, "fuzzboundary")),
  })),
  formFields.map((fields) => ({ contentType: "application/json", body: Buffer.from(JSON.stringify(fields)) })),
  fc.jsonValue().map((value) => ({ contentType: "application/json", body: Buffer.from(JSON.stringify(value) ?? "") })),
  fc
    .tuple(
      fc.constantFrom(
        undefined,
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/json",
        "text/plain;charset=UTF-8",
        "application/xml",
        "application/x-www-form-urlencoded; charset=latin1",
        "image/png",
        "garbage",
      ),
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 300 }).map((text) => Buffer.from(text)),
        fc.uint8Array({ maxLength: 300 }).map(Buffer.from),
      ),
    )
    .map(([contentType, bytes]) => ({ contentType, body: bytes })),
);

const redirectQuery = fc.oneof(
  fc.constant(""),
  fc
    .oneof(fc.constantFrom(...TRICKY_PATHS), fc.string({ unit: "binary", maxLength: 30 }))
    .map((target) => `redirectTo=${encodeURIComponent(target)}`),
);

type Identity = "visitor" | "reader" | "admin";
const sessions: Partial<Record<Identity, APIRequestContext>> = {};

test.describe("fuzzing every action and API", () => {
  test.setTimeout(10 * 60_000);

  test.beforeAll(async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const identity of ["visitor", "reader", "admin"] as const) {
      const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
      if (identity !== "visitor") {
        const email = uniqueEmail(`fuzz-${identity}`);
        await signUpWith(context, email);
        if (identity === "admin") expect((await adminCommand("grant", email)).code).toBe(0);
      }
      sessions[identity] = context;
    }
  });

  test.afterAll(async () => {
    for (const context of Object.values(sessions)) await context?.dispose();
  });

  test(`${RUNS} generated requests never get a 5xx`, async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TARGETS),
        fc.constantFrom<Identity>("visitor", "reader", "admin"),
        body,
        fc.constantFrom(origin, origin, origin, "none", "https://evil.example"),
        redirectQuery,
        async (target, identity, { contentType, body: bytes }, originHeader, query) => {
          const separator = target.path.includes("?") ? "&" : "?";
          const url = query ? `${target.path}${separator}${query}` : target.path;
          const headers: Record<string, string> = {};
          if (contentType) headers["Content-Type"] = contentType;
          if (originHeader !== "none") headers.Origin = originHeader;
          const response = await sessions[identity]!.fetch(url, {
            method: target.method,
            headers,
            data: bytes,
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          sent++;
          statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
          if (response.status() >= 500) {
            throw new Error(`${target.method} ${url} as ${identity} (${contentType}) → ${response.status()}`);
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(`fuzz: ${sent} requests, statuses ${summary.join(", ")}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });

  test("redirectTo never leads off the site, however it is written", async ({ baseURL }) => {
    // A reader of its own: the fuzzing above may have signed the shared ones out.
    const reader = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: new URL(baseURL!).origin },
    });
    await signUpWith(reader, uniqueEmail("fuzz-redirect"));
    const targets = [
      "/\t/evil.example",
      "/%09/evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "//evil.example",
      "/\r\n/evil.example",
      "https://evil.example",
      "/%2F%2Fevil.example",
      "/\u0000/evil.example",
      " /evil",
    ];
    for (const target of targets) {
      const response = await reader.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      // An address with a NUL is refused before any page (server/request-target.ts): no redirect.
      if (target.includes("\u0000")) {
        expect([response.status(), response.headers()["location"]], JSON.stringify(target)).toEqual([400, undefined]);
        continue;
      }
      expect(response.status(), target).toBe(302);
      const location = new URL(response.headers()["location"]!, baseURL);
      expect(location.origin, `${JSON.stringify(target)} → ${location.href}`).toBe(new URL(baseURL!).origin);
    }
    await reader.dispose();
  });
});
