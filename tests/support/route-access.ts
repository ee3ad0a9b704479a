import { join } from "node:path";
import { matchRoutes, type MiddlewareFunction, type RouteObject } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeTable from "../../app/routes.ts";

/**
 * The route table (app/routes.ts) as React Router matches it, for tests that ask which route
 * and which access rule an address meets, without a build. Each route keeps its module's file.
 */
type RouteWithFile = RouteObject & { handle: { file: string } };

const routeId = (file: string) => file.replace(/\.[^.]+$/, "");

const toRouteObject = (entry: RouteConfigEntry): RouteWithFile =>
  ({
    id: entry.id ?? routeId(entry.file),
    path: entry.path,
    index: entry.index,
    caseSensitive: entry.caseSensitive,
    handle: { file: entry.file },
    children: entry.children?.map(toRouteObject),
  }) as RouteWithFile;

export const ROUTE_TREE: RouteWithFile[] = routeTable.map(toRouteObject);

/** The address as the server matches it: a data request ("/x.data", "/_root.data") is its page's. */
export const matchedPath = (path: string) => {
  const pathname = new URL(path, "http://site.invalid").pathname;
  return pathname.replace(/(\/_root)?\.data$/, "") || "/";
};

/** The routes React Router matches for an address, from the access layout down to the page. */
export const matchedRoutes = (path: string) =>
  (matchRoutes(ROUTE_TREE, matchedPath(path)) ?? []).map((match) => ({
    ...match,
    route: match.route as RouteWithFile,
  }));

/** Every page and endpoint of the table (the leaves), with the access layouts above each. */
export function leafRoutes(): { route: RouteWithFile; layouts: RouteWithFile[] }[] {
  const leaves: { route: RouteWithFile; layouts: RouteWithFile[] }[] = [];
  const walk = (routes: RouteWithFile[], above: RouteWithFile[]) => {
    for (const route of routes) {
      if (route.children?.length) walk(route.children as RouteWithFile[], [...above, route]);
      else leaves.push({ route, layouts: above });
    }
  };
  walk(ROUTE_TREE, []);
  return leaves;
}

type MiddlewareArgs = { request: Request; url: URL; params: Record<string, string | undefined> };

/**
 * Runs the middleware of the layouts matched for the request's address, in order, as the server
 * does after the root's: resolves when every one let it through, else rejects with what the
 * first refusal threw (a redirect or a 403).
 */
export async function passAccess(args: unknown): Promise<"passed"> {
  const { request } = args as MiddlewareArgs;
  const raw = new URL(request.url);
  const matches = matchedRoutes(raw.pathname);
  if (!matches.length) throw new Error(`no route matches ${request.url}`);
  const params = matches.at(-1)!.params;
  // React Router hands middleware the page's address: no ".data", no "_routes" parameter.
  const url = new URL(`${matchedPath(raw.pathname)}${raw.search}`, raw.origin);
  url.searchParams.delete("_routes");
  for (const { route } of matches.slice(0, -1)) {
    const file = join(import.meta.dirname, "../../app", route.handle.file);
    const module = (await import(/* @vite-ignore */ file)) as { middleware?: MiddlewareFunction<Response>[] };
    for (const middleware of module.middleware ?? []) {
      await middleware({ ...(args as object), url, params } as never, async () => new Response());
    }
  }
  return "passed";
}
