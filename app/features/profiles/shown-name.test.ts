import { describe, expect, it } from "vitest";
import { chosenDisplayName, isEmailName, NEUTRAL_ADULT_NAME, shownName } from "./shown-name.ts";

describe("the name a page shows for the signed-in reader", () => {
  const email = "mama.lucia@example.com";

  it("never shows the e-mail or its local part: the apodo instead, else a neutral word", () => {
    expect(shownName({ displayName: "mama.lucia", apodo: "Xolo Valiente 27" }, email)).toBe("Xolo Valiente 27");
    expect(shownName({ displayName: " Mama.Lucia ", apodo: "Xolo Valiente 27" }, email)).toBe("Xolo Valiente 27");
    expect(shownName({ displayName: email, apodo: "" }, email)).toBe(NEUTRAL_ADULT_NAME);
    expect(shownName({ displayName: "", apodo: "" }, email)).toBe(NEUTRAL_ADULT_NAME);
    expect(shownName(null, email)).toBe(NEUTRAL_ADULT_NAME);
    expect(shownName({ displayName: "otra@correo.mx", apodo: "Colibrí 12" }, email)).toBe("Colibrí 12");
  });

  it("shows a display name the reader chose", () => {
    expect(shownName({ displayName: "Lucía", apodo: "Xolo Valiente 27" }, email)).toBe("Lucía");
    expect(shownName({ displayName: "Mamá de Ana", apodo: "" }, email)).toBe("Mamá de Ana");
  });

  it("a new profile's display name starts empty when the sign-up's name is the e-mail", () => {
    expect(isEmailName("mama.lucia", email)).toBe(true);
    expect(isEmailName("Lucía García", email)).toBe(false);
    expect(chosenDisplayName("mama.lucia", email)).toBe("");
    expect(chosenDisplayName(" Lucía García ", email)).toBe("Lucía García");
  });
});
