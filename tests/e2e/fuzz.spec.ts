import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { CHARACTER_FIELDS } from "../../app/features/characters/character.schema.ts";
import { leafRoutes } from "../support/route-access.ts";
import {
  cardSignInThroughServer,
  createClassThroughServer,
  pasteRosterThroughServer,
  printClassCardsThroughServer,
} from "./class-helpers.ts";
import { addChildThroughServer } from "./family-helpers.ts";
import { adminCommand, expect, signUpWith, test, uniqueEmail } from "./support.ts";

/**
 * Property: whatever a client sends to any action or API — body, content type, encoding, size,
 * origin, session — the server answers below 500. The actions are the route table's own
 * (actionTargets). Drives the built site over HTTP, as a visitor, a parent who teaches a class,
 * the parent's child and the class's student (each signed in by card), and an admin.
 * FUZZ_RUNS sets how many requests (default 1,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

const chapter2 = CHAPTER_PATHS.find((chapter) => chapter.number === 2)!;
const chapter9 = CHAPTER_PATHS.find((chapter) => chapter.number === 9)!;

/** Whether a route module answers posts (a route without an action is answered 405 before any code of ours). */
const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(
    readFileSync(join(import.meta.dirname, "../../app", file), "utf8"),
  );

/** Addresses for the route table's catch-alls: a chapter's path, its printed code, a section. */
const SPLATS: Record<string, string[]> = {
  "api/auth/*": ["sign-in/email", "sign-up/email", "request-password-reset", "reset-password"],
  "*": ["salida-a-tzintzuntzan", chapter2.token, chapter9.token],
};

type Target = { method: string; path: string; file: string };

/**
 * Every route of app/routes.ts with an action, at addresses whose parameters are real (the
 * fuzzing reader's own child and class, a real card), so the posts reach the action's own
 * checks rather than a 404 before them: a route added to the table is fuzzed without anyone
 * listing it here. Plus the methods no route takes, which must be refused, not crash.
 */
function actionTargets(params: Record<string, string[]>): Target[] {
  const targets: Target[] = [];
  for (const { route } of leafRoutes()) {
    if (!hasAction(route.handle.file)) continue;
    const pattern = route.index ? "" : route.path!;
    let paths = [""];
    for (const segment of pattern.split("/").filter(Boolean)) {
      const values =
        segment === "*" ? SPLATS[pattern]! : segment.startsWith(":") ? params[segment.slice(1)]! : [segment];
      if (!values?.length) throw new Error(`no value for ${segment} of ${pattern}`);
      paths = paths.flatMap((path) => values.map((value) => `${path}/${value}`));
    }
    for (const path of paths) targets.push({ method: "POST", path: path || "/", file: route.handle.file });
  }
  targets.push({ method: "POST", path: "/login?modo=registro", file: "routes/login.tsx" });
  for (const [method, path] of [
    ["PUT", "/tu-perfil"],
    ["DELETE", "/adminpanel"],
    ["PATCH", "/api/send-email.php"],
  ] as const) {
    targets.push({ method, path, file: "(no such method)" });
  }
  return targets;
}

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
    "apodo",
    "picture",
    "pin",
    "pinAgain",
    "consent",
    "roster",
    "lector",
    "childId",
    "studentId",
    "estudiante",
    "commentId",
    "decision",
    "reason",
    "confirmarApodo",
    "confirmarNombres",
    "descargado",
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
  "anadir",
  "crear",
  "pin",
  "quitar",
  "borrar",
  "cerrar",
  "entrar",
  "moderar",
  "aprobar-todos",
  "desbloquear",
  "report",
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

const IDENTITIES = ["visitor", "reader", "child", "student", "admin"] as const;
type Identity = (typeof IDENTITIES)[number];
const sessions: Partial<Record<Identity, APIRequestContext>> = {};
let targets: Target[] = [];

test.describe("fuzzing every action and API", () => {
  test.setTimeout(10 * 60_000);

  test.beforeAll(async ({ baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const newSession = () => playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
    for (const identity of IDENTITIES) sessions[identity] = await newSession();

    // The reader is a parent and a teacher: the family's and the class's pages take their posts.
    const reader = sessions.reader!;
    await signUpWith(reader, uniqueEmail("fuzz-reader"));
    await addChildThroughServer({ request: reader }, "Fuzzy", "Valentina", "4821");
    const lector = /href="\/familia\/([\w-]+)"/.exec(await (await reader.get("/familia")).text())![1]!;
    const familyCard = /\/entrar\/[A-Za-z0-9_-]{24}/.exec(
      await (await reader.post(`/familia/${lector}/tarjeta`, { form: {} })).text(),
    )![0];
    expect((await sessions.child!.post(familyCard, { form: {} })).ok()).toBe(true);
    const clase = await createClassThroughServer(reader, "Fuzz A");
    await pasteRosterThroughServer(reader, clase, ["Lalo Muro"]);
    const [studentCard] = await printClassCardsThroughServer(reader, clase);
    await cardSignInThroughServer(sessions.student!, studentCard!, "Lalo Muro");

    const admin = uniqueEmail("fuzz-admin");
    await signUpWith(sessions.admin!, admin);
    expect((await adminCommand("grant", admin)).code).toBe(0);

    targets = actionTargets({
      lector: [lector],
      clase: [clase],
      token: [studentCard!.split("/").at(-1)!, "una-tarjeta-cualquiera"],
      id: ["capitulo-2", "nuevo"],
    });
    console.log(
      `fuzz: ${new Set(targets.map((target) => target.file)).size - 1} action routes of the table at ${targets.length} addresses`,
    );
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
        fc.constantFrom(...targets),
        fc.constantFrom<Identity>(...IDENTITIES),
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
