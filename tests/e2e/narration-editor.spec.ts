/**
 * Léemelo's authoring (issue 42, decision 078): an author gives chapter 2 a narration of over two
 * minutes, marks words by tapping along and nudging them, saves, and a reader's 'Léemelo' lights
 * the words by the new marks. Timed as the issue asks: under 5 minutes for the whole author's job.
 */
import { join } from "node:path";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { expect, expectNoAxeViolations, gotoHydrated, signUpAdmin, siteServer, test } from "./support.ts";

const chapter = CHAPTER_PATHS.find((found) => found.number === 2)!;
const EDITOR = `/adminpanel/capitulos/${chapter.id}/narracion`;
const RECORDING = join(import.meta.dirname, "../../db/seed/narration/capitulo-1.webm");
type Timings = { durationMs: number; words: [string, number, number][] };

// Other specs on this worker's site expect chapter 2 without a narration: it goes after each test.
test.afterEach(async ({ page }) => {
  await page.request.post(EDITOR, { headers: { Origin: siteServer().baseURL }, multipart: { intent: "delete" } });
});

test("an author uploads a 2-minute narration, taps words along and nudges one, saves, and readers hear it lit", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAdmin(page);
  // What the last form did, said in the page's status region.
  const result = page.locator(".narration-editor [role=status]");
  const started = Date.now();
  await gotoHydrated(page, `/adminpanel/capitulos/${chapter.id}`);
  await page.getByRole("link", { name: "La narración del capítulo" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Narración:");

  // A file that is no recording: the reason beside the field, nothing stored.
  const audioField = page.getByLabel("Grabación", { exact: true });
  await audioField.setInputFiles({ name: "voz.m4a", mimeType: "audio/mp4", buffer: Buffer.from("no soy audio\n") });
  await page.getByRole("button", { name: "Subir la grabación" }).click();
  await expect(audioField).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#narration-audio-error")).toContainText("no es una grabación de audio");
  await expect(page.getByTestId("narration-summary")).toHaveCount(0);

  await audioField.setInputFiles(RECORDING);
  await page.getByLabel("Qué se dice a los lectores (opcional)").fill("Leído por la autora");
  await page.getByRole("button", { name: "Subir la grabación" }).click();
  await expect(result).toContainText("Grabación guardada");
  // Its length and what it costs a phone, before anyone plays it.
  await expect(page.getByTestId("narration-summary")).toContainText(/Dura 2:39 · 397 KB · 150 KB por minuto/);
  await expectNoAxeViolations(page, "the narration page with a recording and its marks");

  // Tap along from the 6th word: it plays from that word's draft start; five presses of M.
  const words = page.getByRole("list", { name: "Palabras del capítulo" }).getByRole("button");
  await words.nth(5).click();
  await page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.play());
  const marked: number[] = [];
  for (let index = 0; index < 5; index++) {
    await page.waitForTimeout(400);
    await page.keyboard.press("m");
    marked.push(Number(await words.nth(5 + index).getAttribute("data-begin")));
  }
  await page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.pause());
  // Each press marked the next word, later than the one before.
  for (let index = 1; index < marked.length; index++) expect(marked[index]!).toBeGreaterThan(marked[index - 1]!);
  // The last word marked, 50 ms later twice: once by key, once by its button.
  const lastMarked = marked.at(-1)!;
  await page.keyboard.press("]");
  await page.getByRole("button", { name: "Después" }).click();
  await expect(words.nth(9)).toHaveAttribute("data-begin", String(lastMarked + 100));
  await expect(page.getByText("Hay marcas sin guardar.")).toBeVisible();
  await page.getByRole("button", { name: "Guardar marcas" }).click();
  await expect(result).toContainText("Marcas guardadas");
  const authoringSeconds = (Date.now() - started) / 1000;
  console.log(`narration authored (upload, 5 marks tapped, a nudge, saved) in ${authoringSeconds.toFixed(1)} s`);
  expect(authoringSeconds).toBeLessThan(300);

  // What readers get: the saved marks, by the chapter's own rule, and 'Léemelo' lights by them.
  const timings = (await (await page.request.get(`/narracion/${chapter.slug}/palabras.json`)).json()) as Timings;
  expect(timings.words[9]![1]).toBe(lastMarked + 100);
  expect(timings.words.slice(5, 10).map(([, begin]) => begin)).toEqual([...marked.slice(0, 4), lastMarked + 100]);
  await gotoHydrated(page, `/${chapter.slug}`);
  await expect(page.getByText("Leído por la autora")).toBeVisible();
  await page.getByRole("button", { name: "Léemelo" }).click();
  await expect(page.locator("[data-reading]")).toHaveCount(1, { timeout: 15_000 });

  // The marks as WebVTT, one cue per word.
  await gotoHydrated(page, EDITOR);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar las marcas (WebVTT)" }).click();
  const vtt = await (await download).createReadStream();
  let text = "";
  for await (const chunk of vtt) text += String(chunk);
  expect(text.startsWith("WEBVTT")).toBe(true);
  expect(text.match(/-->/g)).toHaveLength(timings.words.length);

  // Removed: the chapter no longer offers 'Léemelo'.
  await page.getByText("Borrar la narración", { exact: true }).click();
  await page.getByRole("button", { name: "Borrar la narración para siempre" }).click();
  await expect(result).toContainText("Narración borrada");
  await expect
    .poll(async () => (await page.request.get(`/narracion/${chapter.slug}/palabras.json`)).status())
    .toBe(404);
});

test("a whole 2:39 recording tapped along at 1,25× and saved, in under 5 minutes", async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAdmin(page);
  const started = Date.now();
  await gotoHydrated(page, EDITOR);
  await page.getByLabel("Grabación", { exact: true }).setInputFiles(RECORDING);
  await page.getByRole("button", { name: "Subir la grabación" }).click();
  await expect(page.locator(".narration-editor [role=status]")).toContainText("Grabación guardada");
  const words = page.getByRole("list", { name: "Palabras del capítulo" }).getByRole("button");
  // The words come with the page's data reloaded after the upload, which can be a render after
  // the upload's message: read their starts only once they are there (read at once, none was).
  await expect(words.first()).toBeVisible();
  // Where the author hears each word start: here, the draft's starts, as a narrator would read them.
  const heard = (await words.evaluateAll((buttons) =>
    buttons.map((button) => Number(button.dataset.begin)),
  )) as number[];
  await page.getByRole("button", { name: "1,25×" }).click();
  await words.first().click();
  const audio = page.locator("audio");
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  // One press of M per word, as its start is heard: the page's own clock, read where it plays.
  for (const begin of heard) {
    await page.waitForFunction((begin) => document.querySelector("audio")!.currentTime * 1000 >= begin, begin, {
      polling: 20,
      timeout: 30_000,
    });
    await page.keyboard.press("m");
  }
  await audio.evaluate((element: HTMLAudioElement) => element.pause());
  await expect(page.getByRole("button", { name: "Todas marcadas" })).toBeDisabled();
  await page.getByRole("button", { name: "Guardar marcas" }).click();
  await expect(page.locator(".narration-editor [role=status]")).toContainText("Marcas guardadas");
  const seconds = (Date.now() - started) / 1000;
  const timings = (await (await page.request.get(`/narracion/${chapter.slug}/palabras.json`)).json()) as Timings;
  expect(timings.words).toHaveLength(heard.length);
  // Each word got its own tap, never before its start was heard; how late is the test's own
  // delay between reading the clock and pressing the key (over a second at times on a busy
  // machine), so it is reported, not bounded.
  const late = timings.words.map(([, begin], index) => begin - heard[index]!);
  expect(Math.min(...late)).toBeGreaterThanOrEqual(-5);
  late.sort((a, b) => a - b);
  console.log(
    `${heard.length} words of a 2:39 recording tapped along at 1.25× and saved in ${seconds.toFixed(1)} s; ` +
      `taps landed p50 ${late[Math.floor(late.length / 2)]} ms, p95 ${late[Math.floor(late.length * 0.95)]} ms after the start`,
  );
  expect(seconds).toBeLessThan(300);
});
