/**
 * Vitest global setup: builds the database templates once per run (see DatabaseTemplates in
 * test-database.ts), so each test database is a copy instead of a fresh initdb + migration.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/lib/db.server.ts";
import { databaseUrl, onServer, openPgliteInMemory, prepare, type DatabaseTemplates } from "./test-database.ts";

async function pgliteTemplates(dir: string): Promise<DatabaseTemplates["pglite"]> {
  const handle = await openPgliteInMemory();
  try {
    const paths = {
      empty: join(dir, "empty.tar"),
      migrated: join(dir, "migrated.tar"),
      seeded: join(dir, "seeded.tar"),
    };
    writeFileSync(paths.empty, Buffer.from(await (await handle.dump("none")).arrayBuffer()));
    await prepare(handle);
    writeFileSync(paths.migrated, Buffer.from(await (await handle.dump("none")).arrayBuffer()));
    await prepare(handle, true);
    writeFileSync(paths.seeded, Buffer.from(await (await handle.dump("none")).arrayBuffer()));
    return paths;
  } finally {
    await handle.close();
  }
}

async function postgresTemplates(serverUrl: string): Promise<NonNullable<DatabaseTemplates["postgres"]>> {
  const suffix = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const names = { migrated: `mictlan_template_${suffix}`, seeded: `mictlan_template_seeded_${suffix}` };
  await onServer(serverUrl, `create database ${names.migrated}`);
  let handle = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, names.migrated) });
  await prepare(handle);
  // A template must have no open connection while it is copied.
  await handle.close();
  await onServer(serverUrl, `create database ${names.seeded} template ${names.migrated}`);
  handle = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, names.seeded) });
  await prepare(handle, true);
  await handle.close();
  return names;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "mictlan-templates-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    pgliteTemplates(dir),
    serverUrl ? postgresTemplates(serverUrl) : Promise.resolve(null),
  ]);
  project.provide("databaseTemplates", { pglite, postgres });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl && postgres) {
      for (const name of [postgres.seeded, postgres.migrated])
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  };
}
