/**
 * Build step (`npm run build`, after React Router's): each route's stylesheet, the rules its pages
 * can use (decision 080), written beside the server bundle for entry.server.tsx to inline.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { routeStylesheets } from "./unused-css.ts";

const root = resolve(import.meta.dirname, "..");
const serverDir = join(root, process.env.BUILD_DIR ?? "build", "server");
const build = await import(join(serverDir, "index.js"));
const css: string = build.entry.module.inlineStylesheet;
const stylesheets = await routeStylesheets(css, build.routes, root);
writeFileSync(join(serverDir, "route-styles.json"), JSON.stringify(stylesheets));
const sizes = Object.values(stylesheets).map((text) => text.length);
console.log(
  `route stylesheets: ${sizes.length} routes, ${Math.min(...sizes)}–${Math.max(...sizes)} of ${css.length} characters`,
);
