import { describe, expect, it } from "vitest";
import { createContentCache } from "./content-cache.server.ts";
import { cookieValue, createSessionCache } from "./session-cache.server.ts";

const clock = (start = 1_000_000) => {
  let time = start;
  return { now: () => time, pass: (ms: number) => void (time += ms) };
};
const farFuture = new Date(Date.now() + 86_400_000);

describe("the session cache", () => {
  it("keeps a reader for at most its time to live, and never past the session's end", () => {
    const time = clock();
    const cache = createSessionCache<string>({ ttlMs: 30_000, now: time.now });
    cache.set("token.sig", "ana", "Ana", { lookup: cache.startLookup(), sessionExpiresAt: new Date(farFuture) });
    time.pass(29_999);
    expect(cache.get("token.sig")).toBe("Ana");
    time.pass(1);
    expect(cache.get("token.sig")).toBeUndefined();

    cache.set("other.sig", "beto", "Beto", {
      lookup: cache.startLookup(),
      sessionExpiresAt: new Date(time.now() + 5_000),
    });
    time.pass(5_000);
    expect(cache.get("other.sig")).toBeUndefined();
  });

  it("forgets every session of a reader, and only theirs", () => {
    const cache = createSessionCache<string>({ ttlMs: 30_000 });
    const keep = (cookie: string, reader: string) =>
      cache.set(cookie, reader, reader, { lookup: cache.startLookup(), sessionExpiresAt: farFuture });
    keep("phone", "ana");
    keep("laptop", "ana");
    keep("tablet", "beto");
    cache.forgetReader("ana");
    expect([cache.get("phone"), cache.get("laptop"), cache.get("tablet")]).toEqual([undefined, undefined, "beto"]);
    cache.forget("tablet");
    expect(cache.get("tablet")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing from a lookup that a change of its reader overtook (it may have read the old answer)", () => {
    const cache = createSessionCache<string>({ ttlMs: 30_000 });
    const lookup = cache.startLookup();
    cache.forgetReader("ana");
    cache.set("phone", "ana", "stale", { lookup, sessionExpiresAt: farFuture });
    expect(cache.get("phone")).toBeUndefined();

    const beforeForget = cache.startLookup();
    cache.forget("phone");
    cache.set("phone", "ana", "stale", { lookup: beforeForget, sessionExpiresAt: farFuture });
    expect(cache.get("phone")).toBeUndefined();

    const beforeClear = cache.startLookup();
    cache.clear();
    cache.set("phone", "ana", "stale", { lookup: beforeClear, sessionExpiresAt: farFuture });
    expect(cache.get("phone")).toBeUndefined();
  });

  it("keeps a lookup's answer when only other readers changed meanwhile (a busy site's notices)", () => {
    const cache = createSessionCache<string>({ ttlMs: 30_000 });
    const lookup = cache.startLookup();
    cache.forgetReader("beto");
    cache.forget("someone-elses-cookie");
    cache.set("phone", "ana", "Ana", { lookup, sessionExpiresAt: farFuture });
    expect(cache.get("phone")).toBe("Ana");
  });

  it("keeps nothing with a time to live of 0, and drops the oldest when full", () => {
    const off = createSessionCache<string>({ ttlMs: 0 });
    off.set("phone", "ana", "Ana", { lookup: off.startLookup(), sessionExpiresAt: farFuture });
    expect(off.get("phone")).toBeUndefined();

    const small = createSessionCache<string>({ ttlMs: 30_000, maxEntries: 2 });
    for (const name of ["a", "b", "c"])
      small.set(name, name, name, { lookup: small.startLookup(), sessionExpiresAt: farFuture });
    expect([small.get("a"), small.get("b"), small.get("c")]).toEqual([undefined, "b", "c"]);
  });

  it("reads a cookie sent once; one sent twice is no answer (which copy counts is better-auth's call)", () => {
    expect(cookieValue("a=1; better-auth.session_token=tok.sig; b=2", "better-auth.session_token")).toBe("tok.sig");
    expect(
      cookieValue("better-auth.session_token=one; better-auth.session_token=two", "better-auth.session_token"),
    ).toBe(null);
    expect(cookieValue("x-better-auth.session_token=tok", "better-auth.session_token")).toBe(null);
    expect(cookieValue("better-auth.session_token=", "better-auth.session_token")).toBe(null);
    expect(cookieValue(null, "better-auth.session_token")).toBe(null);
  });
});

describe("the content cache", () => {
  it("loads a key once while fresh, and again after its time to live or a clear", async () => {
    const time = clock();
    const cache = createContentCache({ ttlMs: 30_000, now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.remember("chapter", load)).toBe(1);
    expect(await cache.remember("chapter", load)).toBe(1);
    time.pass(30_000);
    expect(await cache.remember("chapter", load)).toBe(2);
    cache.clear();
    expect(await cache.remember("chapter", load)).toBe(3);
  });

  it("does not keep a load that a clear overtook, nor one that failed", async () => {
    const cache = createContentCache({ ttlMs: 30_000 });
    let finish!: (value: string) => void;
    const slow = cache.remember("chapter", () => new Promise<string>((done) => (finish = done)));
    cache.clear();
    finish("old text");
    expect(await slow).toBe("old text");
    expect(await cache.remember("chapter", async () => "new text")).toBe("new text");

    await expect(cache.remember("broken", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.remember("broken", async () => "back")).toBe("back");
  });
});
