/**
 * The site as the end-to-end tests see it: the production build on a fresh embedded database
 * in a temporary directory, seeded like a first `npm start`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "3210";
process.env.PORT = port;
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "mictlan-e2e-"));
process.env.SITE_URL = `http://localhost:${port}`;
process.env.LOG_LEVEL ??= "warn";
// One run of the suite makes many sign-ins from one address.
process.env.NODE_ENV = "production";

await import("../../server/main.ts");
