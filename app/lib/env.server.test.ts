import { describe, expect, it } from "vitest";
import { configurationWarnings, parseEnv } from "./env.server.ts";

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

describe("HOST", () => {
  it("is this machine only when TRUST_PROXY is set: the proxy in front is the only way in", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ TRUST_PROXY: "2", HOST: "" }).HOST).toBe("127.0.0.1");
  });

  it("is every IPv4 interface without TRUST_PROXY, as `npm start` always listened", () => {
    expect(parseEnv({}).HOST).toBe("0.0.0.0");
  });

  it("is what it is set to, either way", () => {
    expect(parseEnv({ TRUST_PROXY: "1", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "::" }).HOST).toBe("::");
  });
});

describe("BOOK_URL and SHOP_URL", () => {
  it("are unset by default (the links are hidden)", () => {
    const env = parseEnv({});
    expect(env.BOOK_URL).toBeUndefined();
    expect(env.SHOP_URL).toBeUndefined();
  });

  it("take web addresses only", () => {
    expect(parseEnv({ BOOK_URL: "https://libreria.example/libro" }).BOOK_URL).toBe("https://libreria.example/libro");
    expect(() => parseEnv({ SHOP_URL: "javascript:alert(1)" })).toThrow(/SHOP_URL/);
    expect(() => parseEnv({ BOOK_URL: "/section2" })).toThrow(/BOOK_URL/);
  });
});

describe("warnings at start", () => {
  it("warns that every form will be refused when SITE_URL is https and TRUST_PROXY is unset", () => {
    const [warning, ...others] = configurationWarnings(parseEnv({ SITE_URL: "https://libro.example" }));
    expect(warning).toMatch(/TRUST_PROXY is unset.*every form.*refused/);
    expect(others).toEqual([]);
  });

  it("says nothing once TRUST_PROXY is set, or for a plain http site", () => {
    expect(configurationWarnings(parseEnv({ SITE_URL: "https://libro.example", TRUST_PROXY: "1" }))).toEqual([]);
    expect(configurationWarnings(parseEnv({ SITE_URL: "http://localhost:3000" }))).toEqual([]);
    expect(configurationWarnings(parseEnv({}))).toEqual([]);
  });
});
