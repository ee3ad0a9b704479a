import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The metrics' `route` label of a path: the id of the React Router route that answers it
 * ("routes/home", "routes/chapter" for chapters and the 404 page), so the label has as many
 * values as the route table has routes, never one per chapter token or query string.
 */
export function routeLabeler(routes: ServerBuild["routes"]): (path: string) => string {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => {
    const below = children.get(route.id);
    return below && !route.index ? { ...route, children: below.map(attach) } : route;
  };
  const tree = (children.get(undefined) ?? []).map(attach);
  const known = new Map<string, string>();
  return (path) => {
    const cached = known.get(path);
    if (cached) return cached;
    // matchRoutes ranks the whole table on every call: a few percent of a chapter page's time.
    const matches = matchRoutes(tree, path);
    const label = matches?.at(-1)?.route.id ?? "unmatched";
    // Chapter tokens and 404s are as many as anyone cares to type: the memory starts over
    // rather than grow without end.
    if (known.size >= 2000) known.clear();
    known.set(path, label);
    return label;
  };
}
