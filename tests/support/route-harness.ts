import { sql } from "kysely";
import { createEmailVerificationToken } from "better-auth/api";
import { RouterContextProvider } from "react-router";
import type { Db } from "../../app/lib/db.server.ts";
import { parseEnv } from "../../app/lib/env.server.ts";
import { servicesContext } from "../../app/runtime/context.server.ts";
import { servicesOn, type Services } from "../../app/runtime/services.server.ts";
import { sessionMiddleware } from "../../app/access/session.server.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database.ts";

export const TEST_SITE_URL = "http://localhost:3999";

export type TestServices = Services & { dispose(): Promise<void>; testDatabase: TestDatabase };

/** The app's real services (auth, live feed) on a throwaway database. */
export async function createTestServices(
  kind: DatabaseKind,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestServices> {
  const testDatabase = await createTestDatabase(kind, options);
  const env = parseEnv({
    AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
    SITE_URL: TEST_SITE_URL,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const services = await servicesOn(env, testDatabase);
  return {
    ...services,
    testDatabase,
    async dispose() {
      clearInterval(services.maintenance);
      await services.contactMailer.stop();
      services.mailer.close();
      await services.live.close();
      await testDatabase.dispose();
    },
  };
}

/** A birth year that makes an adult reader, whatever the year the tests run in. */
export const ADULT_BIRTH_YEAR = new Date().getFullYear() - 30;

/**
 * Signs a reader up through better-auth and returns the Cookie header of their session: an
 * adult, unless `age` gives a child's birth year and the guardian's e-mail.
 */
export async function signUpReader(
  services: Services,
  email: string,
  password = "cempasuchil-2025",
  age: { birthYear: number; guardianEmail?: string } = { birthYear: ADULT_BIRTH_YEAR },
) {
  const response = await services.auth.api.signUpEmail({
    body: { email, password, name: email.split("@")[0]!, ...age } as never,
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  // With a mail server, the address is confirmed first: open the link the e-mail carries.
  const signedIn = response.headers.getSetCookie().length
    ? response
    : await services.auth.api.verifyEmail({
        query: { token: await createEmailVerificationToken((await services.auth.$context).secret, email) },
        asResponse: true,
      });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`sign-up gave no session: ${signedIn.status}`);
  return { cookie, userId: user.id };
}

/**
 * The arguments React Router hands a loader or action, after the root middleware ran: a real
 * request, the services, and the session read from the request's cookie.
 */
export async function routeArgs(
  services: Services,
  path: string,
  init: RequestInit & { cookie?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  if (init.method && init.method !== "GET") headers.set("Origin", TEST_SITE_URL);
  const url = new URL(path, TEST_SITE_URL);
  const request = new Request(url, { ...init, headers, body });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const args = { request, url, context, params: {}, pattern: url.pathname };
  await sessionMiddleware(args as never, async () => new Response());
  return args as never;
}

/** Runs a loader or action and returns what it threw or returned, as a Response when it is one. */
export async function settle<T>(run: () => Promise<T> | T): Promise<T | Response | unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/**
 * What a loader or action answered, as its client receives it: the status, the headers and the
 * body, whichever way the route built it (a Response, `data(body, init)`, a plain value). The one
 * place in the tests that knows the shape of React Router's `data()` result, so that no test
 * reads it (issue 21).
 */
export function answerOf<Body = Record<string, unknown>>(
  value: unknown,
): { status: number; headers: Headers; body: Body } {
  if (value instanceof Response) return { status: value.status, headers: value.headers, body: undefined as Body };
  const built = value as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (built?.type === "DataWithResponseInit")
    return { status: built.init?.status ?? 200, headers: new Headers(built.init?.headers), body: built.data as Body };
  return { status: 200, headers: new Headers(), body: value as Body };
}

/** The HTTP status a loader or action answered: a Response's, or the one given to `data()`. */
export const statusOf = (value: unknown) => answerOf(value).status;

/** The Cookie header a response's Set-Cookie headers give a browser (cleared cookies left out). */
export const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");

/** Route arguments with the address's parameters (`routeArgs` knows only the path). */
export const withParams = <T>(args: T, params: Record<string, string>) => {
  (args as unknown as { params: Record<string, string> }).params = params;
  return args;
};

/** Every column of every table that holds any of `needles` in some row (read from the catalog). */
export async function rowsHolding(db: Db, ...needles: string[]) {
  const { rows: columns } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)} t
      where exists (select 1 from unnest(${needles}::text[]) as n(needle)
                    where position(n.needle in t.${sql.ref(column)}::text) > 0)`.execute(db);
    if (rows[0]!.count > 0) found.push(`${table}.${column}`);
  }
  return found;
}
