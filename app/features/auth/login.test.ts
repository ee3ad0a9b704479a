import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../routes/login.tsx";
import { createTestServices, routeArgs, signUpReader, answerOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { addressLimitKey, AUTH_RATE_LIMITS } from "../../lib/auth-limits.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const asData = (value: unknown) =>
  answerOf<{ error?: string; fieldErrors?: Record<string, string> } | undefined>(value);

describe.each(ROUTE_TEST_DATABASE_KINDS)("sign-in on %s", (kind) => {
  const services = useTestServices(kind);
  beforeAll(async () => {
    await signUpReader(services, "lectora@example.com", "cempasuchil-2025");
  });

  const attempt = async (password: string, ip: string) =>
    loginAction(
      await routeArgs(services, "/login", {
        method: "POST",
        headers: { "x-client-ip": ip },
        form: { email: "lectora@example.com", password, redirectTo: "/eventos" },
      }),
    );

  it("signs in with the right password and returns to the page the reader came from, with a session cookie", async () => {
    const response = (await attempt("cempasuchil-2025", "10.0.0.1")) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/eventos");
    const cookie = response.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers a wrong password with 401 and the Spanish message", async () => {
    const result = asData(await attempt("equivocada", "10.0.0.2"));
    expect(result.status).toBe(401);
    expect(result.body?.error).toBe("Correo o contraseña incorrectos.");
  });

  it("limits sign-in attempts per client address, in Spanish, without touching other addresses", async () => {
    // A script spraying many accounts from one address (each account alone stays under its own guard):
    // its earlier attempts are counted as the guard counts them, its last two go through the page.
    const ip = "10.0.0.3";
    for (let index = 0; index < AUTH_RATE_LIMITS.signIn.max - 1; index++)
      await hitRateLimit(services.db, addressLimitKey("signIn", ip), AUTH_RATE_LIMITS.signIn);
    expect(asData(await attempt("equivocada", ip)).status).toBe(401);
    const limited = asData(await attempt("cempasuchil-2025", ip));
    expect(limited.status).toBe(429);
    expect(limited.body?.error).toBe(RATE_LIMIT_MESSAGE);
    expect(((await attempt("cempasuchil-2025", "10.0.0.4")) as Response).status).toBe(302);
  });

  it("refuses a malformed e-mail before asking the provider", async () => {
    const result = asData(
      await loginAction(
        await routeArgs(services, "/login", {
          method: "POST",
          form: { email: "no-es-correo", password: "x", redirectTo: "/" },
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body?.fieldErrors?.email).toBe("Escribe un correo electrónico válido, como nombre@ejemplo.com.");
  });

  it("never sends a reader off the site after signing in", async () => {
    const response = (await loginAction(
      await routeArgs(services, "/login", {
        method: "POST",
        headers: { "x-client-ip": "10.0.0.9" },
        form: { email: "lectora@example.com", password: "cempasuchil-2025", redirectTo: "https://evil.example/" },
      }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("Google sign-in without GOOGLE_CLIENT_ID", () => {
  it("shows the button disabled and refuses the action with a Spanish message", async () => {
    const { loader: loginLoader } = await import("../../routes/login.tsx");
    const services = await createTestServices("pglite");
    try {
      const page = (await loginLoader(await routeArgs(services, "/login"))) as { googleEnabled: boolean };
      expect(page.googleEnabled).toBe(false);
      const refused = asData(
        await loginAction(
          await routeArgs(services, "/login", { method: "POST", form: { intent: "google", redirectTo: "/" } }),
        ),
      );
      expect(refused.status).toBe(400);
      expect(refused.body?.error).toBe("El acceso con Google no está disponible por ahora.");
    } finally {
      await services.dispose();
    }
  });
});

describe("why a reader is asked to sign in", () => {
  it("says so when they came from a chapter (its printed code or its slug), a scan, their passport or the characters", async () => {
    const { loader: loginLoader } = await import("../../routes/login.tsx");
    const { CHAPTER_PATHS, tokenPathOf } = await import("../../../db/seed/chapter-paths.ts");
    const services = await createTestServices("pglite", { seed: true });
    try {
      const reasonFor = async (query: string) =>
        ((await loginLoader(await routeArgs(services, `/login${query}`))) as { reason: string | null }).reason;
      const chapter2 = CHAPTER_PATHS[1]!;
      expect(await reasonFor(`?redirectTo=${encodeURIComponent(tokenPathOf(chapter2))}`)).toBe("chapter");
      expect(await reasonFor(`?redirectTo=%2F${chapter2.slug}`)).toBe("chapter");
      // Chapter 1 is open to all: an account is for commenting and keeping it, not for opening it.
      const chapter1 = CHAPTER_PATHS[0]!;
      expect(await reasonFor(`?redirectTo=%2F${chapter1.slug}`)).toBe("open-chapter");
      expect(await reasonFor(`?redirectTo=%2F${chapter1.slug}&motivo=descubrimiento`)).toBe("discovery");
      // The motive alone, without a chapter to keep, says nothing.
      expect(await reasonFor("?redirectTo=%2Feventos&motivo=descubrimiento")).toBeNull();
      expect(await reasonFor("?redirectTo=%2Fpersonajes")).toBe("collection");
      expect(await reasonFor("?redirectTo=%2Fpasaporte")).toBe("passport");
      expect(await reasonFor("?redirectTo=%2Feventos")).toBeNull();
      expect(await reasonFor("")).toBeNull();
    } finally {
      await services.dispose();
    }
  });
});
