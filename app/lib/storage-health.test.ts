import { afterEach, describe, expect, it } from "vitest";
import {
  cannotWrite,
  isStorageError,
  noteStorageFailure,
  resetStorageHealthForTests,
  setStorageProbe,
  storageFailedSince,
} from "./storage-health.server.ts";

afterEach(() => resetStorageHealthForTests());

describe("storage health (docs/decisions/072)", () => {
  it("tells a full or failing disk from any other failure", () => {
    // PostgreSQL's disk_full, and what the embedded database says when a file cannot grow.
    expect(isStorageError({ code: "53100", message: "could not extend file" })).toBe(true);
    expect(isStorageError(new Error('could not extend file "base/5/16724": No space left on device'))).toBe(true);
    expect(isStorageError(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe(true);
    expect(isStorageError(new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "EIO" }) }))).toBe(true);
    // A broken rule or a lost connection is not the disk: no 503 for those, no stop.
    expect(isStorageError({ code: "23505", message: "duplicate key value violates unique constraint" })).toBe(false);
    expect(isStorageError(Object.assign(new Error("gone"), { code: "ECONNRESET" }))).toBe(false);
    expect(isStorageError(null)).toBe(false);
  });

  it("a request that met a storage failure is known by its start time", () => {
    const started = Date.now();
    expect(storageFailedSince(started)).toBe(false);
    noteStorageFailure(new Error("No space left on device"));
    expect(storageFailedSince(started)).toBe(true);
    expect(storageFailedSince(Date.now() + 1)).toBe(false);
  });

  it("only an instance that checks its own disk stops being ready for it", () => {
    // PostgreSQL: the server's disk, shared by every instance; none leaves the rotation.
    noteStorageFailure(new Error("No space left on device"));
    expect(cannotWrite()).toBe(false);
    // The embedded database: its own write check fails.
    setStorageProbe(true, Object.assign(new Error("full"), { code: "ENOSPC" }));
    expect(cannotWrite()).toBe(true);
  });
});
