import { describe, expect, it } from "vitest";
import { SIDE_IMAGE_CANDIDATES, pickOne } from "./side-images.ts";

describe("SIDE_IMAGE_CANDIDATES", () => {
  it("offers four images for each side", () => {
    expect(SIDE_IMAGE_CANDIDATES.left).toEqual([
      "/images/home/left-1.svg",
      "/images/home/left-2.svg",
      "/images/home/left-3.svg",
      "/images/home/left-4.svg",
    ]);
    expect(SIDE_IMAGE_CANDIDATES.right).toHaveLength(4);
    expect(SIDE_IMAGE_CANDIDATES.right.every((src) => /^\/images\/home\/right-[1-4]\.svg$/.test(src))).toBe(true);
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
