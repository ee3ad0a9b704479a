import { describe, expect, it } from "vitest";
import { seedQrCodes } from "../../../db/seed/qr-codes.ts";
import { guessableReason, MIN_SEARCH_BITS, searchBits } from "./qr-guessable.ts";
import { dictionaryWords, plainWord } from "./qr-words.server.ts";
import { proposeQrCode, QR_CODE_ALPHABET, QR_CODE_LENGTH } from "./qr-studio.server.ts";

const words = new Set(["capitulo", "cartel", "feria", "libro", "valentina", "taquito"]);

describe("guessable codes", () => {
  it("flags every demo code of DESIGN.md contract 3", () => {
    expect(seedQrCodes).toHaveLength(17);
    for (const { code } of seedQrCodes) expect(guessableReason(code, dictionaryWords()), code).not.toBeNull();
  });

  it("flags short codes, whatever their characters", () => {
    expect(guessableReason("book", words)).toBe("short");
    expect(guessableReason("capitulo-14", words)).toBe("short");
    expect(guessableReason("x7k2m9q4p8w", words)).toBe("short");
    // Twelve digits are 40 bits, however random.
    expect(guessableReason("839201746253", words)).toBe("short");
    expect(guessableReason("x7k2m9q4p8w3", words)).toBeNull();
  });

  it("flags a word or a part with a number anyone can count on from", () => {
    expect(guessableReason("capitulo-15-bis-extra", words)).toBe("number");
    expect(guessableReason("cartel-de-la-feria-2025", words)).toBe("number");
    expect(guessableReason("qr-0001-0002-0003", words)).toBe("number");
    expect(guessableReason("ruta3-mercado-central", words)).toBe("number");
  });

  it("flags codes made of words: the dictionary's and the site's own names", () => {
    expect(guessableReason("libro-valentina-taquito", words)).toBe("words");
    expect(guessableReason("cartelferiadelpueblo", words)).toBe("words");
    expect(guessableReason("Cartel-Feria-Mercado", words)).toBe("words");
    expect(guessableReason("mictlan-xolotl-camazotz", new Set(["mictlan"]))).toBe("words");
  });

  it("flags repeats and series", () => {
    expect(guessableReason("aaaaaaaaaaaaaaaa", words)).toBe("pattern");
    expect(guessableReason("abcdefghijklmnop", words)).toBe("pattern");
    expect(guessableReason("k3k3k3k3k3k3k3", words)).toBe("pattern");
    expect(guessableReason("x7k29876qp8w3z", words)).toBe("pattern");
    expect(guessableReason("x7kzzzzqp8w3nb", words)).toBe("pattern");
  });

  it("leaves random-looking codes alone, hyphenated ones too", () => {
    expect(guessableReason("bk4kjtbzy5khfj", words)).toBeNull();
    expect(guessableReason("xq7-kp9-mm4-zt2", words)).toBeNull();
  });

  it("counts bits over the alphabet the characters fit", () => {
    expect(searchBits("123456789012")).toBeCloseTo(39.9, 1);
    expect(searchBits("abcdefghijkl")).toBeCloseTo(56.4, 1);
    expect(searchBits("abcdef123456")).toBeCloseTo(62.0, 1);
    expect(MIN_SEARCH_BITS).toBe(60);
  });

  it("looks words up as they would be typed into a code", () => {
    expect(plainWord("Capítulo")).toBe("capitulo");
    expect(dictionaryWords().has("capitulo")).toBe(true);
    expect(dictionaryWords().has("cartel")).toBe(true);
  });
});

describe("the studio's codes", () => {
  it("are 14 characters of 28 (67 random bits), no vowels, no 0/o or 1/l/i, different each time", () => {
    expect(QR_CODE_ALPHABET).toHaveLength(28);
    expect(new Set(QR_CODE_ALPHABET).size).toBe(28);
    expect(QR_CODE_LENGTH * Math.log2(QR_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(64);
    const codes = new Set(Array.from({ length: 500 }, () => proposeQrCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) {
      expect(code).toMatch(/^[b-df-hj-km-np-tv-z2-9]{14}$/);
      expect(guessableReason(code, dictionaryWords())).toBeNull();
    }
  });

  it("use every character of the alphabet equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 60_000; index++)
      for (const character of proposeQrCode()) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(28);
    // 840,000 draws, 30,000 expected each (standard deviation ~170, so ±4 % is 7 of them: a
    // bound chance never crosses; at 210,000 draws and ±5 % a run failed once). A byte taken
    // modulo 28 would give four characters 10/256 instead of 9/256: ~32,800, +9 %.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(28_800);
      expect(count).toBeLessThan(31_200);
    }
  });
});
