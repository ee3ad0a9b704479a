import { describe, expect, it } from "vitest";
import {
  CHARACTER_FIELD_MESSAGES as M,
  EMPTY_CHARACTER_FORM,
  characterFormValues,
  parseCharacterForm,
} from "./character.schema.ts";

const valid = { ...EMPTY_CHARACTER_FORM, name: "Ajolote", imageUrl: "/images/characters/ajolote.svg" };
const errorsOf = (overrides: Partial<typeof valid>) => {
  const result = parseCharacterForm({ ...valid, ...overrides });
  return result.ok ? {} : result.errors;
};

describe("character form rules", () => {
  it("accepts a complete form, trimming texts, splitting tags and turning order into a number", () => {
    const result = parseCharacterForm({
      ...valid,
      name: "  Ajolote  ",
      order: " 7 ",
      position: "50% 20%",
      subtitle: " Guardián del lago ",
      tags: " agua, lago ,, , sonriente ",
      requiredUrl: "/salida-a-tzintzuntzan",
      style: "rare",
    });
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        name: "Ajolote",
        order: 7,
        position: "50% 20%",
        subtitle: "Guardián del lago",
        tags: ["agua", "lago", "sonriente"],
        requiredUrl: "/salida-a-tzintzuntzan",
        style: "rare",
      }),
    });
  });

  it("defaults to order 0, position center (50% 50%), style basic, no tags and no unlocking path", () => {
    expect(parseCharacterForm(valid)).toEqual({
      ok: true,
      data: expect.objectContaining({ order: 0, position: "50% 50%", style: "basic", tags: [], requiredUrl: null }),
    });
  });

  it("requires a name of at most 120 characters", () => {
    expect(errorsOf({ name: "   " })).toEqual({ name: M.nameRequired });
    expect(errorsOf({ name: "x".repeat(121) })).toEqual({ name: M.nameTooLong });
    expect(errorsOf({ name: "x".repeat(120) })).toEqual({});
  });

  it("requires the order as a whole number from 0", () => {
    expect(errorsOf({ order: "" })).toEqual({ order: M.orderRequired });
    for (const order of ["-1", "1.5", "uno", "1e3"]) expect(errorsOf({ order })).toEqual({ order: M.orderInvalid });
    expect(errorsOf({ order: "10000" })).toEqual({ order: M.orderTooLarge });
    expect(errorsOf({ order: "0" })).toEqual({});
  });

  it("requires the position as the focal-point picker writes it: two percentages from 0 to 100", () => {
    expect(errorsOf({ position: " " })).toEqual({ position: M.positionRequired });
    for (const position of ["url(x); color: red", "center", "top", "left 10px", "50%", "101% 0%", "5.5% 2%"])
      expect(errorsOf({ position }), position).toEqual({ position: M.positionInvalid });
    for (const position of ["50% 20%", "0% 100%"]) expect(errorsOf({ position })).toEqual({});
  });

  it("joins the picker's two sliders into the position", () => {
    expect(parseCharacterForm({ ...valid, position: "", positionX: "30", positionY: "75" })).toMatchObject({
      ok: true,
      data: { position: "30% 75%" },
    });
    expect(parseCharacterForm({ ...valid, positionX: "130", positionY: "75" })).toMatchObject({
      ok: false,
      errors: { position: M.positionInvalid },
    });
  });

  it("opens a character saved with a keyword before the picker at the point it names", () => {
    const parsed = parseCharacterForm(valid);
    if (!parsed.ok) throw new Error("fixture is invalid");
    expect(characterFormValues({ ...parsed.data, position: "center" }).position).toBe("50% 50%");
    expect(characterFormValues({ ...parsed.data, position: "left top" }).position).toBe("0% 0%");
    expect(characterFormValues({ ...parsed.data, position: "50% 20%" }).position).toBe("50% 20%");
  });

  it("requires the image as a path on this site (the CSP admits only our own images)", () => {
    expect(errorsOf({ imageUrl: "" })).toEqual({ imageUrl: M.imageUrlRequired });
    for (const imageUrl of [
      "no es una url",
      "images/x.svg",
      "//evil.example/x.svg",
      "javascript:alert(1)",
      "ftp://x.example/a.png",
      "https://",
      "https://cdn.example.com/a.png",
      "http://example.com/a.png?x=1",
    ]) {
      expect(errorsOf({ imageUrl }), imageUrl).toEqual({ imageUrl: M.imageUrlInvalid });
    }
    for (const imageUrl of ["/images/characters/taquito.svg", "/images/x.png?v=2"]) {
      expect(errorsOf({ imageUrl }), imageUrl).toEqual({});
    }
  });

  it("limits texts to 2000 characters", () => {
    for (const field of [
      "subtitle",
      "description",
      "power",
      "weakness",
      "color",
      "place",
      "requiredUrlText",
    ] as const) {
      expect(errorsOf({ [field]: "x".repeat(2001) })).toEqual({ [field]: M.textTooLong });
      expect(errorsOf({ [field]: "x".repeat(2000) })).toEqual({});
    }
  });

  it("limits tags to 20, each of at most 40 characters", () => {
    expect(errorsOf({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") })).toEqual({
      tags: M.tagsTooMany,
    });
    expect(errorsOf({ tags: Array.from({ length: 20 }, (_, i) => `t${i}`).join(",") })).toEqual({});
    expect(errorsOf({ tags: `bien, ${"x".repeat(41)}` })).toEqual({ tags: M.tagTooLong });
  });

  it("accepts an unlocking path only when it starts with one /", () => {
    for (const requiredUrl of ["salida", "https://example.com/x", "//x", "/con espacio"]) {
      expect(errorsOf({ requiredUrl }), requiredUrl).toEqual({ requiredUrl: M.requiredUrlInvalid });
    }
    expect(parseCharacterForm({ ...valid, requiredUrl: "/?book" })).toMatchObject({
      ok: true,
      data: { requiredUrl: "/?book" },
    });
  });

  it("accepts only the four styles", () => {
    expect(errorsOf({ style: "legendary" as never })).toEqual({ style: M.styleInvalid });
    for (const style of ["basic", "special", "rare", "event"] as const) expect(errorsOf({ style })).toEqual({});
  });

  it("treats missing fields as empty and reports each invalid field once", () => {
    expect(parseCharacterForm({})).toEqual({
      ok: false,
      errors: {
        name: M.nameRequired,
        order: M.orderRequired,
        position: M.positionRequired,
        imageUrl: M.imageUrlRequired,
        style: M.styleInvalid,
      },
    });
  });

  it("fills the form back from a saved character", () => {
    const parsed = parseCharacterForm({ ...valid, tags: "agua, lago", order: "3" });
    if (!parsed.ok) throw new Error("fixture is invalid");
    const values = characterFormValues(parsed.data);
    expect(values).toMatchObject({ name: "Ajolote", order: "3", tags: "agua, lago", requiredUrl: "" });
    expect(parseCharacterForm(values)).toMatchObject({ ok: true, data: { tags: ["agua", "lago"], order: 3 } });
  });
});
