/**
 * Vitest fixtures for the database and the app's services: one line in a describe block instead
 * of the same `let` / `beforeAll` / `afterAll` in every file. The value is usable in the block's
 * tests and hooks (it stands for the instance created before them).
 *
 *   describe.each(DATABASE_KINDS)("… on %s", (kind) => {
 *     const database = useTestDatabase(kind, { seed: true });   // one for the block's tests
 *     const services = useTestServices(kind, { fresh: true });   // a new one for each test
 *
 * `fresh` gives each test its own, for tests whose outcome would depend on the ones before.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createTestServices, type TestServices } from "./route-harness.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database.ts";

type Lifetime = { fresh?: boolean };

function useFixture<T extends { dispose(): Promise<void> }>(create: () => Promise<T>, { fresh = false }: Lifetime): T {
  let current: T | undefined;
  (fresh ? beforeEach : beforeAll)(async () => {
    current = await create();
  });
  (fresh ? afterEach : afterAll)(async () => {
    await current?.dispose();
    current = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error("a test fixture was used outside the tests and hooks of its block");
      const value = Reflect.get(current, key, current) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/** A migrated test database (seeded with `seed: true`), disposed after the block or the test. */
export const useTestDatabase = (
  kind: DatabaseKind,
  options: Parameters<typeof createTestDatabase>[1] & Lifetime = {},
) => useFixture<TestDatabase>(() => createTestDatabase(kind, options), options);

/** The app's real services (auth, live feed, mailers) on a test database. */
export const useTestServices = (
  kind: DatabaseKind,
  options: Parameters<typeof createTestServices>[1] & Lifetime = {},
) => useFixture<TestServices>(() => createTestServices(kind, options), options);
