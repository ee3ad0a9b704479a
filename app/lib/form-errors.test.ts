import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "./form-errors.ts";

describe("firstErrorPerField", () => {
  it("keeps the first message of each field, in the field's own wording where one is given", () => {
    const issues = [
      { path: ["name"], message: "Escribe un nombre." },
      { path: ["name"], message: "El nombre es demasiado largo." },
      { path: ["clan"], message: "Invalid option" },
    ];
    expect(firstErrorPerField<"name" | "clan">(issues, { clan: "Elige un clan de la lista." })).toEqual({
      name: "Escribe un nombre.",
      clan: "Elige un clan de la lista.",
    });
  });
});
