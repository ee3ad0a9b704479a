import { describe, expect, it } from "vitest";
import { signUpReader } from "../../tests/support/route-harness.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";

/**
 * The visitors' pages each instance keeps in memory (server/html-cache.ts) are rendered from the
 * data the instance keeps (decision 039): they must go whenever that data does, on every
 * instance, whichever path changed it, and not on what no visitor's page shows.
 */
describe.each(DATABASE_KINDS)("when visitors' pages are dropped (%s)", (kind) => {
  const services = useTestServices(kind, { fresh: true, seed: true });

  it("on a chapter's comments changed by a path that announces nothing live, not on a reader's sign-up", async () => {
    let drops = 0;
    const stop = services.onVisitorPagesChanged(() => drops++);
    // A sign-up's notices are about that reader alone (their profile, their session).
    const reader = await signUpReader(services, "visitante@example.com");
    // A comment written straight into the database (as the admin command or a script could):
    // only the database's own notice tells the instances.
    await services.db
      .insertInto("comments")
      .values({ section_id: "salida-a-tzintzuntzan", user_id: reader.userId, user_name: "Lectora", text: "Hola" })
      .execute();
    await expect.poll(() => drops, { timeout: 5000 }).toBeGreaterThan(0);
    // Heard in the order sent: the sign-up's notices came before the comment's, and dropped nothing.
    await new Promise((done) => setTimeout(done, 300));
    expect(drops).toBe(1);
    stop();
  });

  it("on an edited chapter, and on every live change", async () => {
    let drops = 0;
    const stop = services.onVisitorPagesChanged(() => drops++);
    await services.db.updateTable("chapters").set({ title: "Salida renovada" }).where("number", "=", 1).execute();
    await expect.poll(() => drops, { timeout: 5000 }).toBe(1);
    await services.live.publish("characters");
    await expect.poll(() => drops, { timeout: 5000 }).toBe(2);
    stop();
    await services.live.publish("characters");
    await services.db.updateTable("chapters").set({ title: "Salida de nuevo" }).where("number", "=", 1).execute();
    // Stopped: neither reaches it.
    await new Promise((done) => setTimeout(done, 300));
    expect(drops).toBe(2);
  });
});
