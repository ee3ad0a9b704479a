import { resolve } from "node:path";
import { seedDemoContent } from "../../db/seed/seed.server.ts";
import { openDatabase, type DatabaseHandle, type Db } from "./db.server.ts";
import { parseEnv, type Env } from "./env.server.ts";
import { createLiveHub, type LiveHub } from "./live.server.ts";
import { log } from "./log.server.ts";
import { migrate } from "./migrate.server.ts";

export type Services = {
  env: Env;
  database: DatabaseHandle;
  db: Db;
  live: LiveHub;
};

type Holder = { promise: Promise<Services> | null; current: Services | null };

// On globalThis so a dev-mode module reload never opens the embedded database twice.
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("mictlan.services")] ??= {
  promise: null,
  current: null,
});

/** Opens the database, migrates, seeds an empty one and starts the live feed. */
export async function createServices(env: Env, options: { seed?: boolean } = {}): Promise<Services> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: resolve(env.DATA_DIR) });
  try {
    const applied = await migrate(database);
    if (applied.length) log.info("migrations applied", { versions: applied });
    if (options.seed !== false && (await seedDemoContent(database.db))) log.info("demo content seeded");
    const live = await createLiveHub(database);
    return { env, database, db: database.db, live };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The process-wide services, created on first use. */
export function getServices(): Promise<Services> {
  holder.promise ??= createServices(parseEnv()).then((services) => (holder.current = services));
  return holder.promise;
}

/** Installs services made elsewhere (tests hand in a throwaway database). */
export function setServices(services: Services) {
  holder.current = services;
  holder.promise = Promise.resolve(services);
}

export async function closeServices() {
  const services = holder.current ?? (holder.promise ? await holder.promise.catch(() => null) : null);
  holder.promise = null;
  holder.current = null;
  if (!services) return;
  await services.live.close().catch(() => {});
  await services.database.close();
}
