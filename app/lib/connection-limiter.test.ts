import { describe, expect, it } from "vitest";
import { createConnectionLimiter } from "./connection-limiter.server.ts";

describe("connection limiter", () => {
  it("refuses an address past its cap without touching other addresses", () => {
    const limiter = createConnectionLimiter({ perAddress: 2, total: 10 });
    const first = limiter.acquire("203.0.113.1");
    limiter.acquire("203.0.113.1");
    expect(limiter.acquire("203.0.113.1")).toEqual({ refused: "address" });
    expect("release" in limiter.acquire("203.0.113.2")).toBe(true);
    if ("release" in first) first.release();
    expect("release" in limiter.acquire("203.0.113.1")).toBe(true);
  });

  it("refuses everyone past the total, and counts a release once", () => {
    const limiter = createConnectionLimiter({ perAddress: 5, total: 2 });
    const first = limiter.acquire("a");
    limiter.acquire("b");
    expect(limiter.acquire("c")).toEqual({ refused: "total" });
    if ("release" in first) {
      first.release();
      first.release();
    }
    expect(limiter.open()).toBe(1);
    expect("release" in limiter.acquire("c")).toBe(true);
    expect(limiter.acquire("d")).toEqual({ refused: "total" });
  });
});
