import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * How passwords and child readers' PINs are hashed: better-auth's scrypt (N 16384, r 16), about
 * 90 ms of CPU each on purpose, so that a stolen database is slow to guess from.
 *
 * The test suites sign up and sign in readers by the hundred, and that cost was a large part of
 * their time (docs/decisions/040). Their harness (tests/support/) installs a cheap scrypt for its
 * own processes with `installTestPasswordHashing()`. Nothing else can: no environment variable or
 * setting turns it on, so a production process, whatever its configuration, hashes at full cost
 * (tests/integration/password-hashing-production.test.ts starts one to prove it).
 */
const TEST_HASHING = Symbol.for("mictlan.test-password-hashing");

/** Marks a hash made by the test hashing: a site without it never accepts one. */
const TEST_HASH_PREFIX = "test-scrypt:";
// A few microseconds: still a salted scrypt, so the code paths are the real ones.
const TEST_COST = { N: 16, r: 1, p: 1 } as const;
const TEST_KEY_LENGTH = 32;

type Marked = { [TEST_HASHING]?: true };

/** For the test harness only (tests/support/): this process hashes at test cost from now on. */
export function installTestPasswordHashing() {
  (globalThis as Marked)[TEST_HASHING] = true;
}

export const testPasswordHashingInstalled = () => (globalThis as Marked)[TEST_HASHING] === true;

const testKey = (secret: string, salt: string) =>
  new Promise<Buffer>((done, fail) =>
    scrypt(secret.normalize("NFKC"), salt, TEST_KEY_LENGTH, TEST_COST, (error, key) =>
      error ? fail(error) : done(key),
    ),
  );

/** A password's or PIN's hash to store. */
export async function hashSecret(secret: string): Promise<string> {
  if (!testPasswordHashingInstalled()) return hashPassword(secret);
  const salt = randomBytes(16).toString("hex");
  return `${TEST_HASH_PREFIX}${salt}:${(await testKey(secret, salt)).toString("hex")}`;
}

/** Whether `password` is the secret behind `hash` (better-auth's verify signature). */
export async function verifySecret({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!hash.startsWith(TEST_HASH_PREFIX)) return verifyPassword({ hash, password });
  if (!testPasswordHashingInstalled()) return false;
  const [salt, key] = hash.slice(TEST_HASH_PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await testKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
