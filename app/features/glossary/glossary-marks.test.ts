import { describe, expect, it } from "vitest";
import { glossaryWordsIn, markGlossaryWords } from "./glossary-marks.ts";

const entries = [
  { id: "cempasuchil", word: "cempasúchil", forms: ["cempasúchiles"] },
  { id: "papel-picado", word: "papel picado", forms: [] },
  { id: "pan-de-muerto", word: "pan de muerto", forms: [] },
  { id: "pan", word: "pan", forms: [] },
  { id: "mictlan", word: "Mictlán", forms: [] },
];

const button = (id: string, text: string) =>
  `<button type="button" class="glossary-word" popovertarget="glosario-${id}">${text}</button>`;

describe("markGlossaryWords", () => {
  it("marks only the first occurrence of each word, keeping the chapter's own text and capitals", () => {
    const { html, markedIds } = markGlossaryWords(
      "<p>Cempasúchil aquí.</p><p>Más cempasúchil y el MICTLÁN.</p>",
      entries,
    );
    expect(html).toBe(
      `<p>${button("cempasuchil", "Cempasúchil")} aquí.</p><p>Más cempasúchil y el ${button("mictlan", "MICTLÁN")}.</p>`,
    );
    expect(markedIds).toEqual(["cempasuchil", "mictlan"]);
  });

  it("matches whole words only, with accents as written", () => {
    expect(glossaryWordsIn("<p>empanada, panes, Mictlan sin acento</p>", entries)).toEqual([]);
    expect(glossaryWordsIn("<p>los cempasúchiles</p>", entries)).toEqual(["cempasuchil"]);
  });

  it("matches a term of several words across any spaces, and prefers the longest term", () => {
    const { html, markedIds } = markGlossaryWords("<p>papel\n  picado y pan de muerto, luego pan</p>", entries);
    expect(markedIds).toEqual(["papel-picado", "pan-de-muerto", "pan"]);
    expect(html).toContain(button("papel-picado", "papel\n  picado"));
    expect(html).toContain(button("pan-de-muerto", "pan de muerto"));
  });

  it("never marks inside tags, attributes, entities or links", () => {
    const html = '<p><a href="/pan" title="pan">pan</a> &amp; <em>pan</em></p>';
    expect(markGlossaryWords(html, [{ id: "amp", word: "amp", forms: [] }, ...entries]).html).toBe(
      `<p><a href="/pan" title="pan">pan</a> &amp; <em>${button("pan", "pan")}</em></p>`,
    );
  });

  it("leaves the HTML untouched with no entries", () => {
    expect(markGlossaryWords("<p>pan</p>", [])).toEqual({ html: "<p>pan</p>", markedIds: [] });
  });
});
