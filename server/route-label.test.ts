import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeLabeler } from "./route-label.ts";

// The shape of the build's route table: flat, each route naming its parent.
const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/qr": { id: "routes/qr", parentId: "root", path: "qr/:code" },
  "routes/personajes": { id: "routes/personajes", parentId: "root", path: "personajes" },
  "routes/chapter": { id: "routes/chapter", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("the metrics' route label", () => {
  const label = routeLabeler(routes);

  it("names the route that answers a path, never the path itself", () => {
    expect(label("/")).toBe("routes/home");
    expect(label("/personajes")).toBe("routes/personajes");
    expect(label("/qr/a-secret-code")).toBe("routes/qr");
    expect(label("/some-printed-chapter-token")).toBe("routes/chapter");
  });
});
