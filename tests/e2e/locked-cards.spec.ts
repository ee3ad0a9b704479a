/**
 * Issue 12, item 5 (characters): a locked card shows a silhouette, its name and its hint only;
 * its details are not in the HTML nor in the loader data until the reader unlocks it.
 */
import { seedCharacters } from "../../db/seed/characters.ts";
import { expect, signUp, test, waitForLive } from "./support.ts";

const camazotz = seedCharacters.find((character) => character.id === "camazotz")!;
const SECRETS = [camazotz.weakness, camazotz.power, camazotz.description, camazotz.subtitle, camazotz.place];

test("a reader's locked card keeps its secrets out of the HTML and the data until unlocked", async ({ page }) => {
  expect(SECRETS.every(Boolean)).toBe(true);
  await signUp(page);

  // What the server sends: the page's HTML and the loader data of a client-side visit.
  const html = await (await page.request.get("/personajes")).text();
  const loaderData = await (await page.request.get("/personajes.data")).text();
  for (const sent of [html, loaderData]) {
    expect(sent).toContain(camazotz.name);
    expect(sent).toContain(camazotz.requiredUrlText);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
    expect(sent).not.toContain(camazotz.imageUrl);
  }

  // What the reader sees: a silhouette, the name and the hint.
  await page.goto("/personajes");
  await waitForLive(page);
  const card = page.getByRole("button", { name: /^Camazotz (Básico|Especial|Raro|Evento) Bloqueado$/ });
  await expect(card.locator("xpath=../img")).toHaveAttribute("src", "/images/characters/silueta.svg");
  await expect(card.locator("xpath=../img")).toHaveAttribute("alt", "Silueta de Camazotz, aún bloqueado");
  await card.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Camazotz" })).toBeVisible();
  await expect(dialog.getByText(camazotz.requiredUrlText)).toBeVisible();
  await expect(dialog.getByText("Debilidad")).toHaveCount(0);

  // Scanning its code unlocks it: now every detail is sent.
  await page.goto("/qr/capitulo-6");
  const unlocked = await (await page.request.get("/personajes")).text();
  for (const secret of [camazotz.weakness, camazotz.power]) expect(unlocked).toContain(secret);
});
