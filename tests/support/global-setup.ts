/**
 * Vitest global setup: builds the database templates once per run (see DatabaseTemplates in
 * test-database.ts), so each test database is a copy instead of a fresh initdb + migration.
 * The embedded database's templates are also kept between runs, keyed by what makes them (the
 * migrations, the seed, the code that applies them, PGlite's version): running one test file
 * again then starts without an initdb, migration and seed (issue 45: 45% of a one-file run).
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/lib/db.server.ts";
import { keptTemplatesDir, templateKey } from "./template-key.ts";
import { databaseUrl, onServer, openPgliteInMemory, prepare, type DatabaseTemplates } from "./test-database.ts";

const KEPT_TEMPLATES = keptTemplatesDir("mictlan-db-templates");

/**
 * The embedded templates for this key, from the last run that made them, or made now and kept
 * (written aside and renamed, so two runs at once never read half a template); older keys go.
 */
async function keptPgliteTemplates(dir: string): Promise<DatabaseTemplates["pglite"]> {
  const key = templateKey();
  const kept = join(KEPT_TEMPLATES, key);
  const names = ["empty.tar", "migrated.tar", "seeded.tar"] as const;
  if (!names.every((name) => existsSync(join(kept, name)))) {
    const made = await pgliteTemplates(dir);
    mkdirSync(KEPT_TEMPLATES, { recursive: true });
    const aside = mkdtempSync(join(KEPT_TEMPLATES, `.${key}-`));
    for (const name of names) cpSync(join(dir, name), join(aside, name));
    rmSync(kept, { recursive: true, force: true });
    try {
      renameSync(aside, kept);
    } catch {
      // Another run kept the same templates first.
      rmSync(aside, { recursive: true, force: true });
    }
    for (const other of readdirSync(KEPT_TEMPLATES))
      if (other !== key && !other.startsWith("."))
        rmSync(join(KEPT_TEMPLATES, other), { recursive: true, force: true });
    return made;
  }
  // Copied into this run's directory: a later run may replace the kept ones while this one reads.
  for (const name of names) cpSync(join(kept, name), join(dir, name));
  return { empty: join(dir, "empty.tar"), migrated: join(dir, "migrated.tar"), seeded: join(dir, "seeded.tar") };
}

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
    keptPgliteTemplates(dir),
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
