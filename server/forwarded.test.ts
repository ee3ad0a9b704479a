import { describe, expect, it } from "vitest";
import { forwardedClientIp, forwardedUrl, forwardedView, isPlainHost, parseAddress } from "./forwarded.ts";

const SOCKET = "10.0.0.2";
const URL_SEEN = "http://internal:3000/salida-a-tzintzuntzan?x=1";
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("forwardedView", () => {
  const forged = headers({
    "x-forwarded-for": "6.6.6.6",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "evil.example",
  });

  it("trusts no forwarded header when TRUST_PROXY is unset: the socket's address and URL", () => {
    expect(forwardedView(URL_SEEN, forged, SOCKET, undefined)).toEqual({ clientIp: SOCKET, url: URL_SEEN });
  });

  it("with no socket address says so rather than trusting a header", () => {
    expect(forwardedView(URL_SEEN, forged, undefined, undefined).clientIp).toBe("unknown");
  });

  it("with TRUST_PROXY=1 takes the address the proxy appended, and its proto and host", () => {
    const view = forwardedView(
      URL_SEEN,
      headers({
        "x-forwarded-for": "6.6.6.6, 203.0.113.7",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "valentina.example",
      }),
      SOCKET,
      1,
    );
    expect(view).toEqual({ clientIp: "203.0.113.7", url: "https://valentina.example/salida-a-tzintzuntzan?x=1" });
  });

  it("with TRUST_PROXY=1 and no forwarded headers keeps the socket's view", () => {
    expect(forwardedView(URL_SEEN, headers({}), SOCKET, 1)).toEqual({ clientIp: SOCKET, url: URL_SEEN });
  });

  it("falls back to the socket's view for malformed forwarded values", () => {
    const view = forwardedView(
      URL_SEEN,
      headers({
        "x-forwarded-for": "not-an-address",
        "x-forwarded-proto": "javascript",
        "x-forwarded-host": "evil.example/path",
      }),
      SOCKET,
      1,
    );
    expect(view).toEqual({ clientIp: SOCKET, url: URL_SEEN });
  });
});

describe("forwardedClientIp", () => {
  it("N=1: the last entry; whatever a client forged to its left changes nothing", () => {
    expect(forwardedClientIp("203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClientIp("1.1.1.1, 2.2.2.2, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClientIp("garbage, 203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("N=2: the entry the outer proxy appended, not a forged one further left", () => {
    // client → CDN (appends the client) → our proxy (appends the CDN) → us
    expect(forwardedClientIp("203.0.113.7, 198.51.100.1", 2)).toBe("203.0.113.7");
    expect(forwardedClientIp("6.6.6.6, 5.5.5.5, 203.0.113.7, 198.51.100.1", 2)).toBe("203.0.113.7");
  });

  it("a chain shorter than N: the left-most entry, every hop being trusted", () => {
    expect(forwardedClientIp("203.0.113.7", 2)).toBe("203.0.113.7");
  });

  it("IPv6, with or without brackets and port", () => {
    expect(forwardedClientIp("2001:DB8::1", 1)).toBe("2001:db8::1");
    expect(forwardedClientIp("6.6.6.6, [2001:db8::1]:51234", 1)).toBe("2001:db8::1");
    expect(forwardedClientIp("::ffff:203.0.113.7", 1)).toBe("::ffff:203.0.113.7");
  });

  it("null for an absent, empty or malformed client entry", () => {
    expect(forwardedClientIp(null, 1)).toBeNull();
    expect(forwardedClientIp("", 1)).toBeNull();
    expect(forwardedClientIp("1.2.3.4, ", 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.7, unknown", 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.7, 999.1.1.1", 1)).toBeNull();
    expect(forwardedClientIp("<script>", 1)).toBeNull();
  });
});

describe("parseAddress", () => {
  it("accepts IPv4 with a port, strips it", () => {
    expect(parseAddress("203.0.113.7:8080")).toBe("203.0.113.7");
  });
  it("refuses names and junk", () => {
    expect(parseAddress("localhost")).toBeNull();
    expect(parseAddress("[localhost]:80")).toBeNull();
    expect(parseAddress("1.2.3.4:")).toBeNull();
  });
});

describe("forwardedUrl", () => {
  it("switches to https and the public host; a default port disappears", () => {
    expect(forwardedUrl("http://10.0.0.2:3000/a", "https", "valentina.example")).toBe("https://valentina.example/a");
    expect(forwardedUrl("http://localhost:7350/a", "https", null)).toBe("https://localhost:7350/a");
    expect(forwardedUrl("http://10.0.0.2:3000/a", "https", "valentina.example:443")).toBe(
      "https://valentina.example/a",
    );
    expect(forwardedUrl("http://10.0.0.2:3000/a", "https", "valentina.example:8443")).toBe(
      "https://valentina.example:8443/a",
    );
  });

  it("keeps a path that looks like an authority a path", () => {
    expect(forwardedUrl("http://h:3000//evil.example/x?y=1", "https", "valentina.example")).toBe(
      "https://valentina.example//evil.example/x?y=1",
    );
  });

  it("takes the value the nearest proxy appended, case-insensitively", () => {
    expect(forwardedUrl("http://h/a", "http, HTTPS", "evil.example, Valentina.Example")).toBe(
      "https://valentina.example/a",
    );
  });

  it("ignores a proto other than http/https and a host that is not host[:port]", () => {
    for (const proto of ["ftp", "https:", "https://x", "", " "]) {
      expect(forwardedUrl("http://h:3000/a", proto, null)).toBe("http://h:3000/a");
    }
    for (const host of ["evil.example/path", "a b", "user@evil.example", "evil.example:99999", "[::1", "-x.example"]) {
      expect(forwardedUrl("http://h:3000/a", null, host)).toBe("http://h:3000/a");
    }
  });

  it("accepts IPv4 and bracketed IPv6 hosts", () => {
    expect(forwardedUrl("http://h/a", "https", "[2001:db8::1]:8443")).toBe("https://[2001:db8::1]:8443/a");
    expect(forwardedUrl("http://h/a", null, "203.0.113.7")).toBe("http://203.0.113.7/a");
  });
});

describe("isPlainHost", () => {
  it("names, IPs and ports", () => {
    expect(isPlainHost("valentina.example")).toBe(true);
    expect(isPlainHost("localhost:7350")).toBe(true);
    expect(isPlainHost("[::1]:443")).toBe(true);
    expect(isPlainHost("[nope]")).toBe(false);
    expect(isPlainHost("a..b")).toBe(false);
    expect(isPlainHost("host:0")).toBe(false);
  });
});
