import { describe, expect, it } from "vitest";
import { WELCOME_KEYS, welcomeKeyFrom, welcomeLineFor, type WelcomeKey } from "./welcome-line.ts";

const lines = Object.fromEntries(WELCOME_KEYS.map((key) => [key, `línea de ${key}`])) as Record<WelcomeKey, string>;
const query = (search: string) => new URLSearchParams(search);

describe("welcomeKeyFrom", () => {
  it("reads the key from the parameter's name, as in /eventos?taquito", () => {
    expect(welcomeKeyFrom(query("?taquito"))).toBe("taquito");
    expect(welcomeKeyFrom(query("choc"))).toBe("choc");
  });

  it("ignores the parameter's value", () => {
    expect(welcomeKeyFrom(query("?espejo=1"))).toBe("espejo");
    expect(welcomeKeyFrom(query("?evento=taquito"))).toBeNull();
  });

  it("forgives upper case and spaces", () => {
    expect(welcomeKeyFrom(query("?Mictlan"))).toBe("mictlan");
    expect(welcomeKeyFrom(query("?%20ofrenda%20"))).toBe("ofrenda");
  });

  it("skips unknown parameters and takes the first known key", () => {
    expect(welcomeKeyFrom(query("?utm_source=qr&camazotz&valentina"))).toBe("camazotz");
  });

  it("knows no key in an empty or unknown query", () => {
    expect(welcomeKeyFrom(query(""))).toBeNull();
    expect(welcomeKeyFrom(query("?xibalba"))).toBeNull();
  });
});

describe("welcomeLineFor", () => {
  it("gives every key its own line", () => {
    for (const key of WELCOME_KEYS)
      expect(welcomeLineFor(query(`?${key}`), lines, "general")).toEqual({ key, line: `línea de ${key}` });
  });

  it("falls back to the general welcome for a missing or unknown key", () => {
    expect(welcomeLineFor(query(""), lines, "general")).toEqual({ key: null, line: "general" });
    expect(welcomeLineFor(query("?tinskanii"), lines, "general")).toEqual({ key: null, line: "general" });
  });
});
