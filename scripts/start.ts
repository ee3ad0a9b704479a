/**
 * `npm start`: builds when the build is missing or older than the sources, then serves.
 * Migrations and the demo seed run inside the server before it listens.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const buildMarker = join(root, "build/server/index.js");
const SOURCES = ["app", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sourcesMtime = Math.max(
  ...SOURCES.map((source) => join(root, source))
    .filter(existsSync)
    .map(newestMtime),
);
if (!existsSync(buildMarker) || statSync(buildMarker).mtimeMs < sourcesMtime) {
  console.log("Construyendo el sitio…");
  execFileSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  execFileSync(process.execPath, [join(root, "scripts/precompress.ts")], { cwd: root, stdio: "inherit" });
}

await import("../server/main.ts");
