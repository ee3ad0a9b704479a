import { afterEach, expect, test, vi } from "vitest";
import { onFirstUse } from "./on-first-use.ts";

afterEach(() => vi.restoreAllMocks());

test("a value is made on the first ask, once", () => {
  const make = vi.fn(() => ({ made: true }));
  const value = onFirstUse(make);
  expect(make).not.toHaveBeenCalled();
  expect(value()).toBe(value());
  expect(make).toHaveBeenCalledTimes(1);
});

test("the shell's date formatter is made when a date is first written, not when the module loads", async () => {
  const made = vi.spyOn(Intl, "DateTimeFormat");
  // A copy of the module of its own (the query), loaded now: the test files of a worker share
  // their modules (vitest.config.ts), and another may have loaded dates.ts already.
  const ownCopy = "./dates.ts?loaded-for-this-test";
  const { formatDateTime } = (await import(/* @vite-ignore */ ownCopy)) as typeof import("./dates.ts");
  expect(made).not.toHaveBeenCalled();
  // SPEC.md §9's parts, in the book's time zone (UTC−6); the words between them are ICU's.
  expect(formatDateTime("2026-11-03T00:05:00Z")).toMatch(/^2 de noviembre de 2026\D+18:05$/);
  expect(formatDateTime(new Date("2026-11-03T00:05:00Z"))).toMatch(/^2 de noviembre de 2026\D+18:05$/);
  expect(made).toHaveBeenCalledTimes(1);
});
