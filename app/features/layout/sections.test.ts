import { describe, expect, it } from "vitest";
import { CHAPTER_PAGE_PATHS } from "../chapters/chapter-page-paths.ts";
import { activeNavSection, sectionOf } from "./sections.ts";

describe("sectionOf", () => {
  it("maps each navbar path to its section", () => {
    expect(sectionOf("/", CHAPTER_PAGE_PATHS)).toBe("inicio");
    expect(sectionOf("/personajes", CHAPTER_PAGE_PATHS)).toBe("personajes");
    expect(sectionOf("/capitulos/", CHAPTER_PAGE_PATHS)).toBe("capitulos");
    expect(sectionOf("/el-libro", CHAPTER_PAGE_PATHS)).toBe("el-libro");
    expect(sectionOf("/eventos", CHAPTER_PAGE_PATHS)).toBe("eventos");
  });

  it("highlights Tu perfil on both /tu-perfil and /profile", () => {
    expect(sectionOf("/tu-perfil", CHAPTER_PAGE_PATHS)).toBe("perfil");
    expect(sectionOf("/profile", CHAPTER_PAGE_PATHS)).toBe("perfil");
  });

  it("treats chapter pages, /section3 included, as part of Capítulos", () => {
    for (const path of ["/salida-a-tzintzuntzan", "/29c252741a79", "/section3", "/13b9d644742b"]) {
      expect(activeNavSection(sectionOf(path, CHAPTER_PAGE_PATHS))).toBe("capitulos");
    }
  });

  it("leaves unknown paths without a section", () => {
    expect(sectionOf("/section1", CHAPTER_PAGE_PATHS)).toBe("otro");
    expect(sectionOf("/el-mictlan", CHAPTER_PAGE_PATHS)).toBe("otro");
  });
});
