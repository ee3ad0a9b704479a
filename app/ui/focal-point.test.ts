import { describe, expect, it } from "vitest";
import { focalPointOf, focalPointValue } from "./focal-point.ts";

describe("focalPointOf", () => {
  it("reads the picker's own percentages", () => {
    expect(focalPointOf("50% 20%")).toEqual({ x: 50, y: 20 });
    expect(focalPointOf("0% 100%")).toEqual({ x: 0, y: 100 });
    expect(focalPointOf("33.6% 12.2%")).toEqual({ x: 34, y: 12 });
  });

  it("reads the keywords older characters were saved with", () => {
    expect(focalPointOf("center")).toEqual({ x: 50, y: 50 });
    expect(focalPointOf("top")).toEqual({ x: 50, y: 0 });
    expect(focalPointOf("right")).toEqual({ x: 100, y: 50 });
    expect(focalPointOf("left top")).toEqual({ x: 0, y: 0 });
    expect(focalPointOf("top left")).toEqual({ x: 0, y: 0 });
    expect(focalPointOf("bottom")).toEqual({ x: 50, y: 100 });
    expect(focalPointOf("25% bottom")).toEqual({ x: 25, y: 100 });
    expect(focalPointOf(" Center  Top ")).toEqual({ x: 50, y: 0 });
  });

  it("refuses what it cannot place", () => {
    for (const value of ["", "10px 20px", "calc(50%) 0", "left right", "a b c", "150%"])
      expect(focalPointOf(value), value).toEqual(value === "150%" ? { x: 100, y: 50 } : null);
  });
});

describe("focalPointValue", () => {
  it("writes 'X% Y%'", () => {
    expect(focalPointValue({ x: 12, y: 80 })).toBe("12% 80%");
  });
});
