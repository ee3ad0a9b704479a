import { describe, expect, it } from "vitest";
import { filterByName, noCharactersMessage } from "./character-search.ts";

const characters = [
  { name: "Valentina" },
  { name: "Taquito" },
  { name: "Mictlantecuhtli" },
  { name: "Mictecacíhuatl" },
  { name: "Doña Catrina" },
];

describe("character search", () => {
  it("matches a case-insensitive substring of the name, keeping the order", () => {
    expect(filterByName(characters, "MICT").map((c) => c.name)).toEqual(["Mictlantecuhtli", "Mictecacíhuatl"]);
    expect(filterByName(characters, "quit").map((c) => c.name)).toEqual(["Taquito"]);
    expect(filterByName(characters, "DOÑA").map((c) => c.name)).toEqual(["Doña Catrina"]);
    expect(filterByName(characters, "  catrina ").map((c) => c.name)).toEqual(["Doña Catrina"]);
  });

  it("matches only names, and nothing when no name contains the text", () => {
    expect(filterByName(characters, "zz")).toEqual([]);
    expect(filterByName([{ name: "Choc", subtitle: "Alebrije" }], "alebrije")).toEqual([]);
  });

  it("shows everything for an empty or blank search", () => {
    expect(filterByName(characters, "")).toHaveLength(characters.length);
    expect(filterByName(characters, "   ")).toHaveLength(characters.length);
  });

  it("says 'No characters found', adding the search while searching", () => {
    expect(noCharactersMessage("")).toBe("No characters found");
    expect(noCharactersMessage("  ")).toBe("No characters found");
    expect(noCharactersMessage("zz")).toBe('No characters found matching "zz"');
  });
});
