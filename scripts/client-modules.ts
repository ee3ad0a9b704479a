/**
 * Build step (`npm run build`, after React Router's): the built addresses of the modules the
 * server names by source path (app/lib/client-modules.server.ts, decision 082), read from Vite's
 * manifest and written beside the server bundle. The manifest itself then leaves the client's
 * files: it would be served to anyone, and precompressed, for nothing.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLIENT_MODULES_FILE, SERVER_NAMED_MODULES } from "../app/lib/client-modules.server.ts";

const root = resolve(import.meta.dirname, "..");
const buildDir = join(root, process.env.BUILD_DIR ?? "build");
const viteDir = join(buildDir, "client", ".vite");
const manifestPath = join(viteDir, "manifest.json");
if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: vite.config.ts must keep build.manifest`);
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file: string }>;

const addresses = Object.fromEntries(
  Object.entries(SERVER_NAMED_MODULES).map(([name, source]) => {
    const entry = manifest[source];
    // A module no page imports any more is not built: fail the build rather than a page later.
    if (!entry) throw new Error(`${source} is not in the client build (nothing imports it?)`);
    return [name, `/${entry.file}`];
  }),
);
// The build's name as its pages tell the browser: a trip copy saved from another one is behind.
const build = await import(join(buildDir, "server", "index.js"));
const version: string = build.assets.version;
writeFileSync(join(buildDir, "server", CLIENT_MODULES_FILE), JSON.stringify({ ...addresses, version }));
rmSync(viteDir, { recursive: true, force: true });
console.log(`client modules named for the server: ${Object.keys(addresses).join(", ")}`);
