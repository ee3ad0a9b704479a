import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { signUpReader } from "../../tests/support/route-harness.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import {
  hashSecret,
  installTestPasswordHashing,
  testPasswordHashingInstalled,
  verifySecret,
} from "./password-hashing.server.ts";

const root = join(import.meta.dirname, "../..");

describe("password hashing in the test harness (docs/decisions/040)", () => {
  it("is the cheap scrypt: installed by tests/support/vitest-setup.ts", async () => {
    expect(testPasswordHashingInstalled()).toBe(true);
    const hash = await hashSecret("cempasuchil-2025");
    expect(hash).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await verifySecret({ hash, password: "cempasuchil-2025" })).toBe(true);
    expect(await verifySecret({ hash, password: "cempasuchil-2026" })).toBe(false);
    // Salted: the same secret twice gives two hashes.
    expect(await hashSecret("cempasuchil-2025")).not.toBe(hash);
  });

  it("still accepts a hash made at full cost, so passwords stored before keep working", async () => {
    const stored = await hashPassword("1234");
    expect(await verifySecret({ hash: stored, password: "1234" })).toBe(true);
    expect(await verifySecret({ hash: stored, password: "4321" })).toBe(false);
  });

  describe("is what sign-up stores", () => {
    const services = useTestServices("pglite");
    it("through better-auth's configuration (app/lib/auth.server.ts)", async () => {
      const { userId } = await signUpReader(services, "hash@example.com");
      // better-auth's own table, which the app's schema types leave out.
      const { rows } = await sql<{ password: string }>`
        select password from account where "userId" = ${userId}`.execute(services.db);
      expect(rows[0]?.password).toMatch(/^test-scrypt:/);
    });
  });

  it("is installed only by the test harness, never by the app, the server or a command", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const callers = ["app", "server", "scripts", "db"]
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => readFileSync(file, "utf8").includes(`${installTestPasswordHashing.name}(`))
      .map((file) => relative(root, file));
    // The module that defines it, and nothing else.
    expect(callers).toEqual(["app/lib/password-hashing.server.ts"]);
  });
});

describe("a hash made at full cost", () => {
  it("is better-auth's own, which its verify accepts", async () => {
    // What a process without the harness stores (tests/integration/password-hashing-production.test.ts).
    const stored = await hashPassword("cempasuchil-2025");
    expect(await verifyPassword({ hash: stored, password: "cempasuchil-2025" })).toBe(true);
  });
});
