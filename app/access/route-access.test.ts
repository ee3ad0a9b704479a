import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import routeTable from "../routes.ts";
import { ACCESS_RULES } from "./access-rules.ts";
import { leafRoutes, matchedRoutes } from "../../tests/support/route-access.ts";

/**
 * The route table declares who may open every route (issue 37): a route outside an access
 * layout, or a layout that is not one of the rules, fails here before it can ship. What each
 * rule lets each reader do is tests/e2e/access-matrix.spec.ts's, on the built site.
 */
describe("the route table's access rules", () => {
  it("puts every top-level entry in the layout of one access rule, each a module with its middleware", async () => {
    for (const entry of routeTable) {
      expect(entry.path, `${entry.file} has a path of its own`).toBeUndefined();
      const rule = /^access\/layouts\/([\w-]+)\.ts$/.exec(entry.file)?.[1];
      expect(ACCESS_RULES, entry.file).toContain(rule);
      expect(existsSync(join(import.meta.dirname, "..", entry.file))).toBe(true);
      const module = (await import(/* @vite-ignore */ join(import.meta.dirname, "..", entry.file))) as {
        middleware?: unknown[];
        default?: unknown;
      };
      expect(Array.isArray(module.middleware), `${entry.file} exports its middleware`).toBe(true);
      // A layout of the access rules renders nothing of its own: no bytes for the first load.
      expect(module.default).toBeUndefined();
    }
    expect(new Set(routeTable.map((entry) => entry.file)).size).toBe(ACCESS_RULES.length);
  });

  it("has one access layout above every page and endpoint, never two", () => {
    const leaves = leafRoutes();
    expect(leaves.length).toBeGreaterThan(50);
    for (const { route, layouts } of leaves) {
      expect(
        layouts.map((layout) => layout.handle.file),
        route.id,
      ).toHaveLength(1);
      expect(route.handle.file.startsWith("routes/"), route.id).toBe(true);
    }
  });

  it("matches an adult's page in any case, encoding, trailing slash or data request to the same rule", () => {
    for (const path of [
      "/tu-perfil",
      "/TU-PERFIL",
      "/Tu-Perfil/",
      "/tu-%70erfil",
      "/TU-PERFIL.data",
      "/tu-perfil/BORRAR",
    ]) {
      const [layout] = matchedRoutes(path);
      expect(layout?.route.handle.file, path).toBe("access/layouts/adult-readers.ts");
    }
    expect(matchedRoutes("/ADMINPANEL/qr.data")[0]?.route.handle.file).toBe("access/layouts/admins.ts");
    expect(matchedRoutes("/no-existe")[0]?.route.handle.file).toBe("access/layouts/everyone.ts");
    // The class code's page (decision 067) is anyone's: the code and the picture are its
    // credentials; a class's own pages stay the teacher's.
    expect(matchedRoutes("/CLASE.data")[0]?.route.handle.file).toBe("access/layouts/everyone.ts");
    expect(matchedRoutes("/clase")[1]?.route.handle.file).toBe("routes/clase.tsx");
    expect(matchedRoutes("/clases")[0]?.route.handle.file).toBe("access/layouts/adult-readers.ts");
  });
});
