import type { Db } from "./db.server.ts";
import { redactSecretPath } from "./secret-paths.ts";

export type PageView = { path: string; title: string };

/**
 * One view: the path and title only, no address, account or time finer than the row's own.
 * Every stored view passes here (the browser's reports, the QR route's scans), so here a path
 * that carries a credential (a login card's, a guardian's link: app/lib/secret-paths.ts) loses
 * it, whoever sent it and however it is spelt: the statistics and their CSVs show "/entrar/…".
 */
export async function recordPageView(db: Db, view: PageView) {
  await db
    .insertInto("page_views")
    .values({ path: redactSecretPath(view.path), title: view.title })
    .execute();
}
