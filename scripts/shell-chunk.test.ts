import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../app/routes.ts";
import { SMALL_MODULE_CHARACTERS, landingRouteFiles, shellModules } from "./shell-chunk.ts";

const appDir = resolve(import.meta.dirname, "../app");
const page = (file: string) => resolve(appDir, file);

/** A module graph as Rolldown hands it to a chunk group's `name`: imports and source per id. */
function graphOf(modules: Record<string, { imports?: string[]; characters?: number }>) {
  return {
    getModuleInfo(id: string) {
      const module = modules[id];
      return module ? { importedIds: module.imports ?? [], code: "x".repeat(module.characters ?? 100) } : null;
    },
  };
}

describe("the browser build's shell chunk (decision 084)", () => {
  it("counts as landing pages the pages anyone may open first, not the adults' or the admins'", () => {
    const landing = landingRouteFiles(routes, appDir);
    expect(landing).toEqual(
      expect.arrayContaining([page("routes/chapter.tsx"), page("routes/home.tsx"), page("routes/personajes.tsx")]),
    );
    expect(landing).not.toContain(page("routes/adminpanel.tsx"));
    expect(landing).not.toContain(page("routes/tu-perfil.tsx"));
    expect(landing).not.toContain(page("routes/mi-clan.tsx"));
    // Resource routes have no scripts of their own.
    expect(landing.filter((file) => !file.endsWith(".tsx"))).toEqual([]);
  });

  it("holds what every page loads but the entry, small modules a landing page imports, and what half of them share", () => {
    const big = SMALL_MODULE_CHARACTERS + 1;
    const graph = graphOf({
      "/app/entry.client.tsx": { imports: ["/app/trip.ts"], characters: big },
      "/app/trip.ts": { characters: big },
      "/app/root.tsx": { imports: ["/app/nonce.tsx", "/node_modules/react-router/index.js"], characters: big },
      "/app/nonce.tsx": {},
      "/node_modules/react-router/index.js": {},
      "/app/routes/chapter.tsx": { imports: ["/app/dates.ts", "/app/page-meta.ts", "/app/comments.tsx"] },
      "/app/routes/home.tsx": { imports: ["/app/page-meta.ts"] },
      "/app/routes/eventos.tsx": { imports: ["/app/calendar.tsx"] },
      "/app/dates.ts": {},
      "/app/page-meta.ts": { characters: big },
      "/app/comments.tsx": { characters: big },
      "/app/calendar.tsx": { characters: big },
    });
    const shell = shellModules(
      { entry: "/app/entry.client.tsx", root: "/app/root.tsx" },
      ["/app/routes/chapter.tsx", "/app/routes/home.tsx", "/app/routes/eventos.tsx"],
      graph,
    );
    expect([...shell].sort()).toEqual([
      "/app/dates.ts",
      "/app/nonce.tsx",
      "/app/page-meta.ts",
      "/app/root.tsx",
      "/app/trip.ts",
    ]);
  });
});
