import { describe, expect, it } from "vitest";
import { activeNavSection, sectionOf } from "./sections.ts";

describe("sectionOf", () => {
  it("maps each navbar path to its section", () => {
    expect(sectionOf("/")).toBe("inicio");
    expect(sectionOf("/personajes")).toBe("personajes");
    expect(sectionOf("/capitulos/")).toBe("capitulos");
    expect(sectionOf("/el-libro")).toBe("el-libro");
    expect(sectionOf("/eventos")).toBe("eventos");
  });

  it("highlights Tu perfil on both /tu-perfil and /profile", () => {
    expect(sectionOf("/tu-perfil")).toBe("perfil");
    expect(sectionOf("/profile")).toBe("perfil");
  });

  it("treats chapter pages, /section3 included, as part of Capítulos", () => {
    expect(activeNavSection(sectionOf("/section3"))).toBe("capitulos");
    for (const path of ["/salida-a-tzintzuntzan", "/29c252741a79", "/el-mictlan"]) {
      expect(activeNavSection(sectionOf(path, true))).toBe("capitulos");
    }
  });

  it("leaves paths that opened no chapter without a section", () => {
    expect(sectionOf("/section1")).toBe("otro");
    expect(sectionOf("/el-mictlan", false)).toBe("otro");
  });
});
