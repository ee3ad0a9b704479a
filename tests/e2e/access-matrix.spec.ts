/**
 * The wall, from the route table (issue 37): every route of app/routes.ts, as every kind of
 * reader, in every spelling a router accepts for it, asked for by the built site's real server.
 * What each may get is stated once, per access rule (EXPECTED below); a refusal writes nothing.
 */
import { PGlite } from "@electric-sql/pglite";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import type { Browser, BrowserContext } from "@playwright/test";
import type { AccessRule } from "../../app/access/access-rules.ts";
import { askControlSocket, controlSocketPath } from "../../app/lib/control-socket.server.ts";
import { leafRoutes } from "../support/route-access.ts";
import { addChildThroughServer } from "./family-helpers.ts";
import {
  cardSignInThroughServer,
  createClassThroughServer,
  pasteRosterThroughServer,
  printClassCardsThroughServer,
} from "./class-helpers.ts";
import {
  ADULT_BIRTH_YEAR,
  expect,
  newContext,
  PASSWORD,
  serverDataDir,
  signUpAdmin,
  signUpWith,
  siteServer,
  test,
  uniqueEmail,
} from "./support.ts";

const ROLES = [
  "visitor",
  "reader",
  "under-14 reader",
  "family child",
  "class student",
  "parent",
  "teacher",
  "another teacher",
  "admin",
] as const;
type Role = (typeof ROLES)[number];

/** What a request gets: the page or endpoint itself, a trip to /login, or a refusal. */
type Outcome = "open" | "login" | "refused";

const CHILDREN: readonly Role[] = ["family child", "class student"];

/** The rule, once: what each access layout of the route table lets each reader do. */
const EXPECTED: Record<AccessRule, (role: Role) => Outcome> = {
  "open-always": () => "open",
  everyone: () => "open",
  "auth-endpoints": () => "open", // refined per endpoint below
  readers: (role) => (role === "visitor" ? "login" : "open"),
  "age-question": (role) => (role === "visitor" ? "login" : CHILDREN.includes(role) ? "refused" : "open"),
  "adult-readers": (role) => (role === "visitor" ? "login" : CHILDREN.includes(role) ? "refused" : "open"),
  admins: (role) => (role === "visitor" ? "login" : role === "admin" ? "open" : "refused"),
};

/** better-auth endpoints a child reader keeps (reading their session); any other is an adult's. */
const AUTH_ENDPOINTS = { "get-session": "children too", "update-user": "adults", "change-email": "adults" } as const;

/** Whether a route module answers posts at all (React Router answers 405 before any middleware otherwise). */
const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(
    readFileSync(join(import.meta.dirname, "../../app", file), "utf8"),
  );

/**
 * Pages of one owner (a teacher's class, a parent's child): past the wall, the page itself
 * refuses anyone else (404), as the features check again where they touch data.
 */
const OWNED_BY: Record<string, Role> = { clase: "teacher", lector: "parent" };

/** Actions that make something on a plain post (a new card): asked for by the refused only. */
const MAKES_ON_POST = new Set(["routes/familia.$lector.tarjeta", "routes/clases.$clase.tarjetas"]);
/** Forms whose posts sign in or out, send mail or count tries per address: the wall is all they share. */
const POST_CHECKED_RULES: readonly AccessRule[] = ["readers", "age-question", "adult-readers", "admins"];

/** The spellings a router takes for one route: only the literal segments change. */
const SPELLINGS: Record<string, (literal: string) => string> = {
  "as written": (literal) => literal,
  "upper case": (literal) => literal.toUpperCase(),
  "mixed case": (literal) => [...literal].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(""),
  "percent-encoded": (literal) => literal.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
};
const FORMS = ["page", "trailing slash", "data"] as const;

type Request = { route: string; rule: AccessRule; role: Role; method: "GET" | "POST"; path: string; expected: Outcome };

let cookies: Record<Role, string>;
let params: Record<string, string>;

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies(siteServer().baseURL)).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

async function signedInContext(browser: Browser) {
  const context = await newContext(browser);
  return { context, page: await context.newPage() };
}

async function setUpRoles(browser: Browser) {
  const contexts: BrowserContext[] = [];
  const as = async () => {
    const made = await signedInContext(browser);
    contexts.push(made.context);
    return made;
  };
  const reader = await as();
  await signUpWith(reader.context.request);
  const underFourteen = await as();
  await signUpWith(underFourteen.context.request, uniqueEmail("nina"), PASSWORD, {
    birthYear: new Date().getFullYear() - 11,
    guardianEmail: uniqueEmail("tutor"),
  });
  expect(ADULT_BIRTH_YEAR).toBeLessThan(new Date().getFullYear() - 14);

  const parent = await as();
  await signUpWith(parent.context.request);
  await addChildThroughServer(parent.page, `Pepa ${Date.now() % 1000}`, "Valentina", "4821");
  const family = await parent.context.request.get(`${siteServer().baseURL}/familia`);
  const lector = /href="\/familia\/([\w-]+)"/.exec(await family.text())![1]!;
  const card = await parent.context.request.post(`${siteServer().baseURL}/familia/${lector}/tarjeta`, {
    headers: { Origin: siteServer().baseURL },
    form: {},
  });
  const familyCard = new URL(/\/entrar\/[A-Za-z0-9_-]{24}/.exec(await card.text())![0], siteServer().baseURL).pathname;
  const child = await as();
  const signedIn = await child.context.request.post(`${siteServer().baseURL}${familyCard}`, {
    headers: { Origin: siteServer().baseURL },
    form: {},
  });
  expect(new URL(signedIn.url()).pathname).toBe("/pasaporte");

  const teacher = await as();
  await signUpWith(teacher.context.request);
  const clase = await createClassThroughServer(teacher.context.request, "Tercero B");
  await pasteRosterThroughServer(teacher.context.request, clase, ["Lalo Muro"]);
  const [studentCard] = await printClassCardsThroughServer(teacher.context.request, clase);
  const student = await as();
  await cardSignInThroughServer(student.context.request, studentCard!, "Lalo Muro");

  const otherTeacher = await as();
  await signUpWith(otherTeacher.context.request);
  await createClassThroughServer(otherTeacher.context.request, "Cuarto A");

  const admin = await as();
  await signUpAdmin(admin.page);

  params = { clase, lector, token: studentCard!.split("/").at(-1)!, code: "capitulo-1", file: "x.png", id: "x" };
  cookies = {
    visitor: "",
    reader: await cookieOf(reader.context),
    "under-14 reader": await cookieOf(underFourteen.context),
    "family child": await cookieOf(child.context),
    "class student": await cookieOf(student.context),
    parent: await cookieOf(parent.context),
    teacher: await cookieOf(teacher.context),
    "another teacher": await cookieOf(otherTeacher.context),
    admin: await cookieOf(admin.context),
  };
  for (const context of contexts) await context.close();
}

/** Every request of the matrix, derived from the route table. */
function matrix(): Request[] {
  const requests: Request[] = [];
  for (const { route, layouts } of leafRoutes()) {
    const rule = layouts[0]!.handle.file.replace(/^access\/layouts\/|\.ts$/g, "") as AccessRule;
    const pattern = route.index ? "" : route.path!;
    const endpoints = pattern === "api/auth/*" ? Object.keys(AUTH_ENDPOINTS) : pattern === "*" ? ["no-existe"] : [null];
    for (const endpoint of endpoints) {
      const owner = Object.keys(OWNED_BY).find((name) => pattern.includes(`:${name}`));
      const expectedFor = (role: Role): Outcome | null => {
        let expected = EXPECTED[rule](role);
        if (
          endpoint &&
          endpoint in AUTH_ENDPOINTS &&
          AUTH_ENDPOINTS[endpoint as keyof typeof AUTH_ENDPOINTS] === "adults"
        ) {
          // A visitor meets better-auth itself, which has no session to act on (401, or 404 to
          // a spelling it does not know): nothing of the wall's to check.
          if (role === "visitor") return null;
          expected = CHILDREN.includes(role) ? "refused" : "open";
        }
        if (owner && expected === "open" && OWNED_BY[owner] !== role) expected = "refused";
        return expected;
      };
      // Spellings are how the wall was got round: every refused reader asks in each of them. A
      // reader who is let in asks as written; one of them (the first) also in every spelling, to
      // show the spellings reach the page at all. The others' spelt pages were a third of the
      // matrix's requests (2,385 of 7,170), whole pages each, and no rule tells them apart by spelling.
      const spellsOpen = ROLES.find((role) => expectedFor(role) === "open");
      for (const role of ROLES) {
        const expected = expectedFor(role);
        if (!expected) continue;
        for (const [spelling, spell] of Object.entries(SPELLINGS)) {
          if (spelling !== "as written" && expected === "open" && role !== spellsOpen) continue;
          const segments = pattern
            .split("/")
            .filter(Boolean)
            .map((segment) =>
              segment === "*" ? endpoint! : segment.startsWith(":") ? params[segment.slice(1)]! : spell(segment),
            );
          const base = `/${segments.join("/")}`;
          for (const form of FORMS) {
            // The home page has no other spelling; an endpoint of better-auth's has no ".data".
            if (base === "/" && (spelling !== "as written" || form === "trailing slash")) continue;
            if (form === "data" && pattern.startsWith("api/auth")) continue;
            // A trailing slash moves to the address without it first (one redirect, whatever the
            // spelling): asked for as written only, where the rule then applies.
            if (form === "trailing slash" && spelling !== "as written") continue;
            const path =
              form === "page"
                ? base
                : form === "trailing slash"
                  ? `${base}/`
                  : base === "/"
                    ? "/_root.data"
                    : `${base}.data`;
            requests.push({ route: route.id!, rule, role, method: "GET", path, expected });
            const postable =
              form !== "trailing slash" &&
              hasAction(route.handle.file) &&
              (POST_CHECKED_RULES.includes(rule) || endpoint === "update-user") &&
              !(MAKES_ON_POST.has(route.id!) && expected === "open");
            if (postable) requests.push({ route: route.id!, rule, role, method: "POST", path, expected });
          }
        }
      }
    }
  }
  return requests;
}

/** What the server answered, as an outcome: a trip to /login or the age step, a refusal, or the page. */
async function outcomeOf(request: Request): Promise<{ outcome: Outcome; status: number }> {
  const { baseURL } = siteServer();
  const headers: Record<string, string> = { Origin: baseURL };
  if (cookies[request.role]) headers.Cookie = cookies[request.role];
  let body: string | undefined;
  if (request.method === "POST") {
    headers["Content-Type"] = request.path.startsWith("/api/auth")
      ? "application/json"
      : "application/x-www-form-urlencoded";
    body = request.path.startsWith("/api/auth") ? "{}" : "intent=nada";
  }
  let response = await fetch(`${baseURL}${request.path}`, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  // An address with a trailing slash moves to its canonical one first; there the rule applies.
  const canonical = request.path.replace(/\/$/, "");
  if (response.status === 301 && response.headers.get("Location")?.endsWith(canonical))
    response = await fetch(`${baseURL}${canonical}`, { method: request.method, headers, body, redirect: "manual" });
  const text = await response.text();
  const status = response.status;
  const location = response.headers.get("Location") ?? "";
  // A data request's redirect travels in its body (React Router's single fetch).
  const redirectedTo = status === 202 ? (/"redirect","([^"]*)"/.exec(text)?.[1] ?? "") : location;
  if (/^(https?:\/\/[^/]+)?\/login(\?|$)/.test(redirectedTo)) return { outcome: "login", status };
  if (status === 403 || status === 401) return { outcome: "refused", status };
  // Past the wall, a page of one owner answers 404 to anyone else.
  if (status === 404 && Object.keys(OWNED_BY).some((name) => request.path.includes(params[name]!)))
    return { outcome: "refused", status };
  return { outcome: "open", status };
}

/** Every table's rows, as digests (what a refusal must leave as it was). */
async function databaseDigest(): Promise<Record<string, string>> {
  const file = join(tmpdir(), `access-matrix-${process.pid}-${Date.now()}.tar.gz`);
  const answer = await askControlSocket(controlSocketPath(serverDataDir()), ["backup", file]);
  expect(answer.ok, answer.message).toBe(true);
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  rmSync(file);
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      // Tries counted per address and the sliding end of a student's session are bookkeeping of
      // the request itself, not what it asked to change.
      if (["rate_limits", "rateLimit", "sign_in_failures", "kysely_migration", "kysely_migration_lock"].includes(name))
        continue;
      const columns = name === "session" ? `id, "userId", token` : "t.*";
      const { rows } = await db.query<{ digest: string }>(
        `select count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') as digest
           from (select ${columns} from "${name}" t) r`,
      );
      digest[name] = rows[0]!.digest;
    }
    return digest;
  } finally {
    await db.close();
  }
}

test("every route × every reader × every spelling meets the rule of its access layout; refusals write nothing", async ({
  browser,
}) => {
  // ~7,000 requests, most of them whole pages: minutes on a busy 2-core machine.
  test.setTimeout(600_000);
  await setUpRoles(browser);
  const requests = matrix();
  const refusals = requests.filter((request) => request.expected !== "open");
  const before = await databaseDigest();
  const wrong: string[] = [];
  const check = async (request: Request) => {
    const { outcome, status } = await outcomeOf(request);
    if (outcome !== request.expected)
      wrong.push(
        `${request.role} ${request.method} ${request.path}: ${outcome} (${status}), expected ${request.expected}`,
      );
  };
  // The refusals first, alone, so that the database can show they changed nothing.
  for (let i = 0; i < refusals.length; i += 12) await Promise.all(refusals.slice(i, i + 12).map(check));
  expect(await databaseDigest()).toEqual(before);
  const admitted = requests.filter((request) => request.expected === "open");
  for (let i = 0; i < admitted.length; i += 12) await Promise.all(admitted.slice(i, i + 12).map(check));
  const kinds = new Map<string, number>();
  for (const line of wrong) {
    const kind = line.replace(/ \/[^:]*:/, ":");
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log([...kinds].map(([kind, count]) => `${count}× ${kind}`).join("\n"));
  console.log(`access matrix: ${requests.length} requests (${refusals.length} refused), ${wrong.length} wrong`);
  expect(wrong, wrong.slice(0, 40).join("\n")).toEqual([]);
});

test("a child signed in by card posts the adults' forms in capitals: each refused, their account as it was", async ({
  browser,
}) => {
  const { baseURL } = siteServer();
  const parent = await signedInContext(browser);
  const parentEmail = await signUpWith(parent.context.request);
  const apodo = `Tito ${Date.now() % 1000}`;
  await addChildThroughServer(parent.page, apodo, "Taquito", "1357");
  const lector = /href="\/familia\/([\w-]+)"/.exec(
    await (await parent.context.request.get(`${baseURL}/familia`)).text(),
  )![1]!;
  const card = await parent.context.request.post(`${baseURL}/familia/${lector}/tarjeta`, {
    headers: { Origin: baseURL },
    form: {},
  });
  const cardPath = /\/entrar\/[A-Za-z0-9_-]{24}/.exec(await card.text())![0];
  const child = await signedInContext(browser);
  await child.context.request.post(`${baseURL}${cardPath}`, { headers: { Origin: baseURL }, form: {} });
  const childCookie = await cookieOf(child.context);
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${baseURL}${path}`, {
      method: "POST",
      headers: { Origin: baseURL, Cookie: childCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  // What the child did on the previous main: each answered 200 there.
  expect((await post("/TU-PERFIL", { intent: "apodo", apodo: "Otro Nombre" })).status).toBe(403);
  expect((await post("/Tu-Perfil", { displayName: "Adulto", age: "35", clan: "" })).status).toBe(403);
  expect((await post("/TU-EDAD", { birthYear: "1990", guardianEmail: "" })).status).toBe(403);
  const exported = await fetch(`${baseURL}/TU-PERFIL/mis-datos`, { headers: { Cookie: childCookie } });
  expect(exported.status).toBe(403);
  expect(await exported.text()).not.toContain(parentEmail);
  expect((await post("/TU-PERFIL/BORRAR", { confirmar: "borrar" })).status).toBe(403);
  expect((await post("/TU-PERFIL/borrar.data", { confirmar: "borrar" })).status).toBe(403);

  // Still signed in as the same child, with the same apodo.
  const passport = await fetch(`${baseURL}/pasaporte`, { headers: { Cookie: childCookie } });
  expect(await passport.text()).toContain(apodo);
  const family = await (await parent.context.request.get(`${baseURL}/familia`)).text();
  expect(family).toContain(apodo);
  expect(family).not.toContain("Otro Nombre");
  await parent.context.close();
  await child.context.close();
});
