import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SIDE_IMAGE_CANDIDATES, pickOne } from "./side-images.ts";

const publicDir = resolve(import.meta.dirname, "../../../public");

describe("SIDE_IMAGE_CANDIDATES", () => {
  it("offers four different images for each side, every one a file the site serves", () => {
    for (const side of ["left", "right"] as const) {
      const candidates = SIDE_IMAGE_CANDIDATES[side];
      expect(new Set(candidates).size, side).toBe(4);
      for (const src of candidates) {
        expect(src).toMatch(new RegExp(`^/images/home/${side}-`));
        expect(existsSync(join(publicDir, src)), src).toBe(true);
      }
    }
    // The server renders the first candidate of each side (decorated-frame.tsx).
    expect(SIDE_IMAGE_CANDIDATES.left[0]).toBe("/images/home/left-1.svg");
    expect(SIDE_IMAGE_CANDIDATES.right[0]).toBe("/images/home/right-1.svg");
  });
});

describe("pickOne", () => {
  const options = ["a", "b", "c", "d"];

  it("maps the whole random range onto every option", () => {
    expect(pickOne(options, () => 0)).toBe("a");
    expect(pickOne(options, () => 0.26)).toBe("b");
    expect(pickOne(options, () => 0.5)).toBe("c");
    expect(pickOne(options, () => 0.999999)).toBe("d");
  });

  it("stays inside the list even if the random source misbehaves", () => {
    expect(pickOne(options, () => 1)).toBe("d");
    expect(pickOne(options, () => -0.5)).toBe("a");
  });

  it("reaches every option with Math.random", () => {
    const seen = new Set(Array.from({ length: 400 }, () => pickOne(options)));
    expect(seen).toEqual(new Set(options));
  });

  it("refuses an empty list", () => {
    expect(() => pickOne([])).toThrow();
  });
});
