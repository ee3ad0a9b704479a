import { describe, expect, it } from "vitest";
import { DATABASE_KINDS, insertUsers, type TestDatabase } from "../../../tests/support/test-database.ts";
import { grantAdminByEmail, isAdmin, listAdmins, revokeAdmin, revokeAdminByEmail } from "./admins.server.ts";
import { useTestDatabase } from "../../../tests/support/fixtures.ts";

const noPublish = async () => {};

async function createUser(database: TestDatabase, email: string) {
  const [id] = await insertUsers(database.db, email);
  return id!;
}

describe.each(DATABASE_KINDS)("admins on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("grants by e-mail, case-insensitively, only to an existing account", async () => {
    const id = await createUser(database, "ana@example.com");
    expect(await grantAdminByEmail(database.db, "nadie@example.com", noPublish)).toMatchObject({
      ok: false,
      message: "No user found with this email",
    });
    expect(await grantAdminByEmail(database.db, "  ANA@example.com ", noPublish)).toMatchObject({
      ok: true,
      message: "Admin added successfully",
    });
    expect(await isAdmin(database.db, id)).toBe(true);
    expect(await grantAdminByEmail(database.db, "ana@example.com", noPublish)).toMatchObject({
      ok: false,
      reason: "already-admin",
    });
  });

  it("refuses to remove the last admin", async () => {
    const [only] = await listAdmins(database.db);
    expect(await revokeAdmin(database.db, only!.userId, noPublish)).toMatchObject({ ok: false, reason: "last-admin" });
    expect(await revokeAdminByEmail(database.db, only!.email, noPublish)).toMatchObject({
      ok: false,
      reason: "last-admin",
    });
    expect(await listAdmins(database.db)).toHaveLength(1);
  });

  it("keeps one admin when two removals race", async () => {
    const second = await createUser(database, "beto@example.com");
    await grantAdminByEmail(database.db, "beto@example.com", noPublish);
    const admins = await listAdmins(database.db);
    expect(admins).toHaveLength(2);
    // Each admin removes the other at the same moment.
    const results = await Promise.all(admins.map((admin) => revokeAdmin(database.db, admin.userId, noPublish)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "last-admin")).toHaveLength(1);
    expect(await listAdmins(database.db)).toHaveLength(1);
    void second;
  });

  it("announces a change on the admins topic inside the transaction", async () => {
    const topics: string[] = [];
    await createUser(database, "carla@example.com");
    await grantAdminByEmail(database.db, "carla@example.com", async (topic) => {
      topics.push(topic);
    });
    expect(topics).toEqual(["admins"]);
  });
});
