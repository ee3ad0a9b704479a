import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OpenCharacter } from "../characters.server.ts";
import { CharacterGallery } from "./character-gallery.tsx";

const character = (id: string, name: string, overrides: Partial<OpenCharacter> = {}): OpenCharacter => ({
  locked: false,
  id,
  name,
  subtitle: `Subtítulo de ${name}`,
  description: "",
  imageSrc: `/images/characters/${id}.svg?v=1`,
  position: "center",
  power: "",
  weakness: "",
  color: "",
  place: "",
  tags: [],
  requiredUrlText: `Pista para ${name}`,
  style: "basic",
  ...overrides,
});

const CHARACTERS = [character("valentina", "Valentina"), character("camazotz", "Camazotz", { style: "rare" })];

/** The gallery as the server renders it, inside a router (it reads the navigation state). */
function render(props: Partial<Parameters<typeof CharacterGallery>[0]>) {
  const Stub = createRoutesStub([
    {
      path: "/personajes",
      Component: () => (
        <CharacterGallery
          characters={CHARACTERS}
          unlockedIds={null}
          search=""
          openId={null}
          loadError={null}
          {...props}
        />
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={["/personajes"]} />);
  return html.replaceAll("<!-- -->", "");
}

describe("the character gallery as rendered", () => {
  it("renders the detail of the card named by ?personaje= (the unlock celebration's link), and none without it", () => {
    const detailOf = (html: string) => html.match(/<dialog[^>]*>([\s\S]*?)<\/dialog>/)?.[1] ?? "";
    expect(detailOf(render({ openId: "camazotz" }))).toContain("Subtítulo de Camazotz");
    expect(detailOf(render({}))).not.toContain("Subtítulo de");
  });

  it("shows a red alert with 'Error loading characters: ' and the message when loading failed", () => {
    const html = render({ characters: [], loadError: "relation does not exist" });
    expect(html).toMatch(
      /<div class="alert alert-danger" role="alert">Error loading characters: relation does not exist<\/div>/,
    );
    expect(html).not.toContain("No characters found");
  });

  it("says 'No characters found' with none, and adds the search while searching", () => {
    expect(render({ characters: [] })).toContain("No characters found</p>");
    const html = render({ search: "zz" });
    expect(html).toContain("No characters found matching &quot;zz&quot;");
    expect(html).not.toContain(`class="character-card-name"`);
  });

  it("renders the ?q= search: only the matching cards, with the box filled in", () => {
    const html = render({ search: "CAMA" });
    expect(html).toContain('value="CAMA"');
    expect(html).toContain(">Camazotz<");
    expect(html).not.toContain(">Valentina<");
  });

  it("marks locked characters and counts the unlocked ones for a signed-in reader only", () => {
    const reader = render({ unlockedIds: ["valentina"] });
    expect(reader).toContain("Has desbloqueado 1 de 2 personajes");
    expect(reader.match(/character-lock-badge/g)).toHaveLength(1);
    expect(reader).toContain("Pista para Camazotz");
    expect(reader).not.toContain("Pista para Valentina");
    const visitor = render({});
    expect(visitor).not.toContain("Has desbloqueado");
    expect(visitor).not.toContain("Bloqueado");
  });
});
