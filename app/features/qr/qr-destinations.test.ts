import { describe, expect, it } from "vitest";
import { leafRoutes } from "../../../tests/support/route-access.ts";
import { parseQrForm, qrCreateSchema, QR_FIELD_MESSAGES } from "./qr-code.schema.ts";
import {
  characterCardPath,
  NOWHERE_CHARACTER,
  NOWHERE_PATH,
  OTHER_TARGET,
  PICKER_PAGES,
  ROUTED_PAGE_PATHS,
  scanOutcome,
  whereItLeads,
  type KnownContent,
} from "./qr-destinations.ts";

const known: KnownContent = {
  chapters: [
    { name: "Capítulo 1: Salida", requiredUrl: "/abc123def456", slugPath: "/salida" },
    { name: "Capítulo 2: El río", requiredUrl: "/0123456789ab", slugPath: "/el-rio" },
  ],
  characters: [{ id: "camazotz", name: "Camazotz" }],
};

describe("where a QR code leads", () => {
  it("knows every page of the route table without a parameter, and nothing else", () => {
    // The full path of each leaf route, its layouts having none of their own.
    const table = leafRoutes()
      .map(({ route }) => (route.index ? "/" : `/${route.path}`))
      .filter((path) => !path.includes(":") && !path.includes("*"));
    expect(new Set(table)).toEqual(new Set(ROUTED_PAGE_PATHS));
    for (const page of PICKER_PAGES) expect(ROUTED_PAGE_PATHS.has(new URL(page.path, "http://x").pathname)).toBe(true);
  });

  it("names a chapter by its printed path or its slug, a character by its card, a page by its name", () => {
    expect(whereItLeads("/abc123def456", known)).toEqual({ kind: "chapter", name: "Capítulo 1: Salida" });
    expect(whereItLeads("/el-rio", known)).toEqual({ kind: "chapter", name: "Capítulo 2: El río" });
    expect(whereItLeads(characterCardPath("camazotz"), known)).toEqual({
      kind: "character",
      name: "Personaje: Camazotz",
    });
    expect(whereItLeads("/?book", known)).toEqual({ kind: "page", name: "Inicio, con el libro (/?book)" });
    expect(whereItLeads("/personajes", known)).toEqual({ kind: "page", name: "Personajes" });
    expect(whereItLeads("/eventos?taquito", known)).toEqual({ kind: "page", name: "Eventos (/eventos?taquito)" });
  });

  it("flags a path no route answers and a character that is gone", () => {
    // A chapter whose printed path was changed, the unrouted pages of DESIGN.md, a typo.
    for (const target of ["/ffffffffffff", "/special-event", "/section1", "/personaje", "//otro.example/x"])
      expect(whereItLeads(target, known), target).toEqual({ kind: "nowhere", reason: NOWHERE_PATH });
    expect(whereItLeads(characterCardPath("borrado"), known)).toEqual({ kind: "nowhere", reason: NOWHERE_CHARACTER });
  });

  it("says what a scan does: a deactivated or past-date code answers 'Expired Code' whatever its target", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const opens = { kind: "page", name: "Inicio" } as const;
    expect(scanOutcome({ active: true, expiresAt: null }, opens, now)).toEqual({ state: "opens", name: "Inicio" });
    expect(scanOutcome({ active: true, expiresAt: "2025-12-31T23:59:59Z" }, opens, now)).toEqual({
      state: "expired",
      expiresAt: "2025-12-31T23:59:59.000Z",
    });
    expect(scanOutcome({ active: true, expiresAt: "2027-01-01T00:00:00Z" }, opens, now).state).toBe("opens");
    expect(scanOutcome({ active: false, expiresAt: null }, opens, now)).toEqual({ state: "off" });
    expect(scanOutcome({ active: true, expiresAt: null }, { kind: "nowhere", reason: NOWHERE_PATH }, now)).toEqual({
      state: "nowhere",
      reason: NOWHERE_PATH,
    });
  });

  it("reads the picker: a chosen path, or «Otra ruta» with the path typed beside it", () => {
    const form = (fields: Record<string, string>) => new Map(Object.entries(fields));
    expect(parseQrForm(qrCreateSchema, form({ code: "abc", target: "/personajes" }))).toMatchObject({
      ok: true,
      data: { target: "/personajes" },
    });
    expect(
      parseQrForm(qrCreateSchema, form({ code: "abc", target: OTHER_TARGET, otherTarget: " /eventos?taquito " })),
    ).toMatchObject({ ok: true, data: { target: "/eventos?taquito" } });
    expect(parseQrForm(qrCreateSchema, form({ code: "abc", target: "" }))).toEqual({
      ok: false,
      errors: { target: QR_FIELD_MESSAGES.targetMissing },
    });
    expect(parseQrForm(qrCreateSchema, form({ code: "abc", target: OTHER_TARGET, otherTarget: "https://x" }))).toEqual({
      ok: false,
      errors: { otherTarget: QR_FIELD_MESSAGES.targetInvalid },
    });
  });
});
