/**
 * The browser build's "shell" chunk (issue 38, decision 084). Every page loads the root route,
 * and each page a visitor lands on (a QR scan, a search, a shared link) shares a handful of small
 * modules with the others: the default split made each of them a file of 100–900 bytes, 17 files
 * for a chapter. On HTTP/1.1 a phone asks for six at a time and each costs a round trip (0.4 s on
 * the slow phone of `npm run bench:phone`) and ~300 bytes of headers, so the scripts of a chapter
 * arrived in four waves. The shell holds what the entry and the root import (every page loads
 * them anyway), the small modules a landing page imports, and what half the landing pages import:
 * a page pays for a few hundred bytes it may not run, and saves the round trips.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** A module at most this long (its source, before minifying) joins the shell when a landing page imports it. */
export const SMALL_MODULE_CHARACTERS = 1_000;
/** The access layouts whose pages a visitor can open first (app/routes.ts). */
const LANDING_LAYOUTS = /access\/layouts\/(everyone|open-always)\.ts$/;

type RouteEntry = { file: string; children?: RouteEntry[] };
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };

/** The page modules (.tsx) of the route table's landing layouts, as paths under `appDir`. */
export function landingRouteFiles(routes: readonly RouteEntry[], appDir: string): string[] {
  return routes.flatMap((entry) =>
    LANDING_LAYOUTS.test(entry.file)
      ? (entry.children ?? [])
          .filter((child) => child.file.endsWith(".tsx"))
          .map((child) => resolve(appDir, child.file))
      : [],
  );
}

/** Every module `from` imports statically, itself included. */
function staticGraph(from: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The modules of the shell: the graphs of what every page loads (the browser's entry and the
 * root route), and the small modules landing pages share, or any module half of them import.
 */
export function shellModules(
  { entry, root }: { entry: string; root: string },
  landingFiles: readonly string[],
  graph: ModuleGraph,
): Set<string> {
  const everyPage = [entry, root];
  const ours = (id: string) => !/[\\/]node_modules[\\/]/.test(id);
  const shell = new Set(everyPage.flatMap((file) => [...staticGraph(file, graph)]).filter(ours));
  // The entry itself stays a file of its own: it hydrates when it runs, which must come after the
  // page's inline module has registered the route modules (with it in the shell, the root route's
  // import ran it first, and no page hydrated).
  shell.delete(entry);
  const pagesImporting = new Map<string, number>();
  for (const page of landingFiles)
    for (const id of staticGraph(page, graph))
      if (id !== page && ours(id)) pagesImporting.set(id, (pagesImporting.get(id) ?? 0) + 1);
  for (const [id, pages] of pagesImporting) {
    const code = graph.getModuleInfo(id)?.code;
    const small = code != null && code.length <= SMALL_MODULE_CHARACTERS;
    if (small || pages >= landingFiles.length / 2) shell.add(id);
  }
  return shell;
}

/**
 * Adds the shell to the browser build's chunks (after vite.config.ts's framework group, which
 * keeps Preact and React Router). The server build is left as it is: it is one process's files,
 * read once, and `build/server/index.js` must keep exporting the server's entry.
 */
export function shellChunk(options: { appDir: string; routes: readonly RouteEntry[] }): Plugin {
  // Worked out once per chunking pass: each pass (the build makes more than one) hands its own graph.
  const shells = new WeakMap<ModuleGraph, Set<string>>();
  const name = (id: string, graph: ModuleGraph): string | null => {
    let shell = shells.get(graph);
    if (!shell) {
      shell = shellModules(
        { entry: resolve(options.appDir, "entry.client.tsx"), root: resolve(options.appDir, "root.tsx") },
        landingRouteFiles(options.routes, options.appDir),
        graph,
      );
      shells.set(graph, shell);
    }
    return shell.has(id) ? "shell" : null;
  };
  return {
    name: "shell-chunk",
    apply: "build",
    configEnvironment(environment) {
      if (environment !== "client") return;
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name }] } } } } };
    },
  };
}
