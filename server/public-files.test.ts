import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { namesAFile } from "./public-files.ts";

describe("which paths are looked for among the client's files", () => {
  it("a file's, never a page's", () => {
    for (const path of ["/favicon.svg", "/images/home/mapa.webp", "/manifest.webmanifest", "/robots.txt"])
      expect(namesAFile(path), path).toBe(true);
    for (const path of ["/", "/personajes", "/salida-a-tzintzuntzan", "/clases/abc", "/images/", "/.env", "/a.b/c"])
      expect(namesAFile(path), path).toBe(false);
  });

  it("every file of public/ is one (a file without an extension would never be served)", () => {
    const files = readdirSync(resolve(import.meta.dirname, "../public"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.replace(/^.*\/public/, "")}/${entry.name}`);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((path) => !namesAFile(path))).toEqual([]);
  });
});
