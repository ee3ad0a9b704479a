import { describe, expect, it } from "vitest";
import { initialLedger, mustReport } from "./unlock-visits.ts";

describe("which page views the browser reports for unlocks", () => {
  it("skips the full page load the server already unlocked for this reader", () => {
    const ledger = initialLedger("u1", "/capitulo-1-token");
    expect(mustReport(ledger, "u1", "/capitulo-1-token")).toBe(false);
  });

  it("reports the first page again once a visitor signs in on it (the lost first unlock)", () => {
    // Opened signed out (the server unlocked nothing), then signed up and came back.
    const ledger = initialLedger(null, "/capitulo-1-token");
    expect(mustReport(ledger, null, "/capitulo-1-token")).toBe(false);
    expect(mustReport(ledger, null, "/login?redirectTo=%2Fcapitulo-1-token")).toBe(false);
    expect(mustReport(ledger, "u1", "/capitulo-1-token")).toBe(true);
  });

  it("reports the same page for another reader who signs in on it", () => {
    const ledger = initialLedger("u1", "/capitulo-1-token");
    expect(mustReport(ledger, "u2", "/capitulo-1-token")).toBe(true);
  });

  it("reports every client-side navigation, including a return to the first page", () => {
    const ledger = initialLedger("u1", "/personajes");
    expect(mustReport(ledger, "u1", "/personajes")).toBe(false);
    expect(mustReport(ledger, "u1", "/capitulo-6-token")).toBe(true);
    expect(mustReport(ledger, "u1", "/personajes")).toBe(true);
  });
});
