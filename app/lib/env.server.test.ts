import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("TRUST_PROXY", () => {
  it("is unset by default: no forwarded header is trusted", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBeUndefined();
  });

  it("is the number of proxies in front of the site", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("refuses anything but a whole number of 1 or more, naming the variable", () => {
    for (const value of ["0", "-1", "1.5", "true", "yes", "10.0.0.0/8"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
