/**
 * Léemelo (issue 42, decision 074): chapter 1's demo narration read aloud in Chromium, the word
 * being read lit with `data-reading`, measured against the timing file; what loads before the
 * press; the keyboard; axe; and the lock on a members' chapter's narration.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, logIn, newContext, signUp, siteServer, test } from "./support.ts";

const CHAPTER = "/salida-a-tzintzuntzan";
const TIMINGS = `/narracion${CHAPTER}/palabras.json`;
type Timings = { durationMs: number; words: [string, number, number][] };

/** Keeps every audio element the page plays, so the test can read its clock as the page does. */
async function watchAudio(page: Page) {
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio = this;
      return play.call(this);
    };
  });
}

/**
 * Samples the audio's clock and the lit word 20 times a second, in the page, for `seconds`:
 * what a child would see at each moment against where the audio is.
 */
const sample = (page: Page, seconds: number) =>
  page.evaluate(
    (seconds) =>
      new Promise<{ ms: number; lit: number }[]>((resolve) => {
        const audio = (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio;
        const samples: { ms: number; lit: number }[] = [];
        const timer = setInterval(() => {
          const lit = document.querySelector<HTMLElement>("[data-reading]");
          samples.push({ ms: audio.currentTime * 1000, lit: lit ? Number(lit.dataset.w) : -1 });
          if (samples.length >= seconds * 20) {
            clearInterval(timer);
            resolve(samples);
          }
        }, 50);
      }),
    seconds,
  );

/** The word the timing file says is being read at `ms`: the last one begun (-1 before the first). */
const expectedAt = (words: Timings["words"], ms: number) => words.findLastIndex(([, begin]) => begin <= ms);

/**
 * How far the lit word is from the timing file, per sample: behind = how long ago the word that
 * should be lit began; ahead = how long until the lit word begins. 0 when the right word is lit.
 */
function drift(words: Timings["words"], samples: { ms: number; lit: number }[]) {
  const behind: number[] = [];
  const ahead: number[] = [];
  for (const { ms, lit } of samples) {
    const expected = expectedAt(words, ms);
    behind.push(lit < expected ? ms - words[expected]![1] : 0);
    ahead.push(lit > expected ? words[lit]![1] - ms : 0);
  }
  const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
  return { behindP95: p95(behind), aheadP95: p95(ahead), behindMax: Math.max(...behind), aheadMax: Math.max(...ahead) };
}

test.describe("Léemelo on chapter 1", () => {
  test("loads nothing before the press, then lights each word within the drift window at 1× and 1.25×", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await watchAudio(page);
    const asked: string[] = [];
    page.on("request", (sent) => asked.push(new URL(sent.url()).pathname));
    await gotoHydrated(page, CHAPTER);
    await expect(page.getByText("Narración de demostración")).toBeVisible();
    expect(asked.filter((path) => path.startsWith("/narracion") || /read-aloud/.test(path))).toEqual([]);
    expect(await page.locator("[data-w]").count()).toBe(0);

    const timings = (await (await request.get(TIMINGS)).json()) as Timings;
    await page.getByRole("button", { name: "Léemelo", exact: true }).click();
    await expect(page.locator("[data-reading]")).toHaveCount(1, { timeout: 10_000 });
    expect(await page.locator(".chapter-body [data-w]").count()).toBe(timings.words.length);
    // The lit word is not a live region, nor inside one: screen readers stay quiet.
    expect(
      await page.locator("[data-reading]").evaluate((word) => word.closest("[aria-live], [role=status], [role=alert]")),
    ).toBeNull();

    const atNormal = drift(timings.words, await sample(page, 8));
    await page.getByRole("button", { name: "Velocidad 1,25" }).click();
    expect(
      await page.evaluate(
        () => (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio.playbackRate,
      ),
    ).toBe(1.25);
    const atFaster = drift(timings.words, await sample(page, 8));
    console.log(
      `Léemelo drift vs timing file, 20 samples/s for 8 s each: ` +
        `1× p95 behind ${atNormal.behindP95.toFixed(0)} ms / ahead ${atNormal.aheadP95.toFixed(0)} ms ` +
        `(max ${atNormal.behindMax.toFixed(0)} / ${atNormal.aheadMax.toFixed(0)}); ` +
        `1.25× p95 behind ${atFaster.behindP95.toFixed(0)} ms / ahead ${atFaster.aheadP95.toFixed(0)} ms ` +
        `(max ${atFaster.behindMax.toFixed(0)} / ${atFaster.aheadMax.toFixed(0)})`,
    );
    for (const figures of [atNormal, atFaster]) {
      expect(figures.behindP95).toBeLessThanOrEqual(45);
      expect(figures.aheadP95).toBeLessThanOrEqual(125);
    }
    // The audio really advanced: the last sample is well past the first words.
    expect(
      await page.evaluate(() => (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio.currentTime),
    ).toBeGreaterThan(10);
  });

  test("a tapped word is read from there, and autoscroll stops when the reader scrolls", async ({ page, request }) => {
    await watchAudio(page);
    await gotoHydrated(page, CHAPTER);
    const timings = (await (await request.get(TIMINGS)).json()) as Timings;
    await page.getByRole("button", { name: "Léemelo", exact: true }).click();
    await expect(page.locator("[data-reading]")).toHaveCount(1, { timeout: 10_000 });
    const target = 200;
    await page.locator(`[data-w="${target}"]`).click();
    await expect(page.locator(`[data-w="${target}"]`)).toHaveAttribute("data-reading", "");
    const at = await page.evaluate(
      () => (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio.currentTime,
    );
    expect(at * 1000).toBeGreaterThanOrEqual(timings.words[target]![1] - 1);
    expect(at * 1000).toBeLessThan(timings.words[target + 2]![1]);

    await page.mouse.wheel(0, -400);
    await expect(page.getByRole("button", { name: "Seguir la lectura" })).toBeVisible();
  });

  test("works by keyboard: named buttons, speeds, pause, and close gives the focus back", async ({ page }) => {
    await watchAudio(page);
    await gotoHydrated(page, CHAPTER);
    const start = page.getByRole("button", { name: "Léemelo", exact: true });
    await start.focus();
    await page.keyboard.press("Enter");
    const pause = page.getByRole("button", { name: "Pausa" });
    await expect(pause).toBeFocused({ timeout: 10_000 });
    await expect(page.locator("[data-reading]")).toHaveCount(1, { timeout: 10_000 });
    await expectNoAxeViolations(page, "chapter 1 while Léemelo reads");

    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Seguir", exact: true })).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio.paused),
    ).toBe(true);

    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Velocidad 1,25" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Velocidad 1,25" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Velocidad 1", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    await page.getByRole("button", { name: "Cerrar Léemelo" }).focus();
    await page.keyboard.press("Enter");
    await expect(start).toBeFocused();
    await expect(page.locator("[data-reading]")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Controles de Léemelo" })).toHaveCount(0);
  });
});

test("the lit word keeps at least 4.5:1 contrast on every chapter background, in every 'Aa' theme", async ({
  page,
}) => {
  await watchAudio(page);
  await gotoHydrated(page, CHAPTER);
  await page.getByRole("button", { name: "Léemelo", exact: true }).click();
  await expect(page.locator("[data-reading]")).toHaveCount(1, { timeout: 10_000 });
  await page.getByRole("button", { name: "Pausa" }).click();
  // The backgrounds chapters use (db/seed: none, 'noche', 'sangre') and the themes of 'Aa'
  // (light is no class; decision 076), put on this page's wrapper.
  const looks = ["", "lectura-tema-sepia", "lectura-tema-oscuro"].flatMap((theme) =>
    ["", "chapter-bg-noche", "chapter-bg-sangre"].map((background) => ({ theme, background })),
  );
  for (const look of looks) {
    const ratio = await page.evaluate(({ theme, background }) => {
      const wrapper = document.querySelector(".chapter-page")!;
      wrapper.classList.remove("chapter-bg-noche", "chapter-bg-sangre", "lectura-tema-sepia", "lectura-tema-oscuro");
      if (background) wrapper.classList.add(background);
      if (theme) wrapper.classList.add(theme);
      const word = document.querySelector("[data-reading]")!;
      const style = getComputedStyle(word);
      const channels = (color: string) =>
        color
          .match(/[\d.]+/g)!
          .slice(0, 4)
          .map(Number);
      const [, , , alpha = 1] = channels(style.backgroundColor);
      if (alpha < 1) return 0; // a see-through highlight would depend on the page behind it
      const luminance = (color: string) => {
        const [r, g, b] = channels(color).map((value) => {
          const channel = value / 255;
          return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [
        number,
        number,
      ];
      return (light + 0.05) / (dark + 0.05);
    }, look);
    expect(ratio, `${look.theme || "light theme"}, ${look.background || "no background"}`).toBeGreaterThanOrEqual(4.5);
  }
});

test("a reader's kept place is where 'Léemelo' starts, on another device too", async ({ page, browser }) => {
  const email = await signUp(page);
  await page.goto(CHAPTER);
  // The place the tracker keeps when the reader leaves at paragraph 4 (reading-comfort.spec.ts
  // follows the tracker itself; here, its request).
  const kept = await page.request.post("/api/lectura", {
    form: { que: "posicion", capitulo: "capitulo-1", parrafo: "4" },
    headers: { Origin: siteServer().baseURL },
  });
  expect(kept.status()).toBeLessThan(400);

  const other = await newContext(browser);
  const second = await other.newPage();
  await watchAudio(second);
  await logIn(second, email);
  await gotoHydrated(second, CHAPTER);
  await expect(second.getByRole("link", { name: "Seguir donde me quedé" })).toHaveAttribute("href", "#parrafo-4");
  await second.getByRole("button", { name: "Léemelo", exact: true }).click();
  const lit = second.locator("[data-reading]");
  await expect(lit).toHaveCount(1, { timeout: 10_000 });
  const timings = (await (await second.request.get(TIMINGS)).json()) as Timings;
  const { litIndex, firstOfParagraph, seconds } = await second.evaluate(() => ({
    litIndex: Number(document.querySelector<HTMLElement>("[data-reading]")!.dataset.w),
    firstOfParagraph: Number(document.querySelector<HTMLElement>("#parrafo-4 [data-w]")!.dataset.w),
    seconds: (window as unknown as { narrationAudio: HTMLMediaElement }).narrationAudio.currentTime,
  }));
  expect(firstOfParagraph).toBeGreaterThan(0);
  // Read from the paragraph's first word on (a word or two later by the time it is looked at).
  expect(litIndex).toBeGreaterThanOrEqual(firstOfParagraph);
  expect(litIndex).toBeLessThanOrEqual(firstOfParagraph + 5);
  expect(seconds * 1000).toBeGreaterThanOrEqual(timings.words[firstOfParagraph]![1] - 50);
  await other.close();
});

test.describe("the book stays the key", () => {
  test("a members' chapter's narration sends a visitor to sign in, as its page does; no button without narration", async ({
    page,
    request,
  }) => {
    for (const file of ["audio.ogg", "palabras.json"]) {
      const answer = await request.get(`/narracion/el-mictlan/${file}`, { maxRedirects: 0 });
      expect(answer.status(), file).toBe(302);
      expect(answer.headers()["location"], file).toMatch(/^\/login\?redirectTo=%2Fel-mictlan$/);
    }
    const audio = await request.get(`/narracion${CHAPTER}/audio.ogg`, { headers: { Range: "bytes=0-3" } });
    expect(audio.status()).toBe(206);
    // WebM's EBML header (decision 078).
    expect(Buffer.from(await audio.body()).toString("hex")).toBe("1a45dfa3");

    await gotoHydrated(page, "/capitulos");
    await page.goto("/pagina-que-no-existe");
    await expect(page.getByRole("button", { name: "Léemelo" })).toHaveCount(0);
  });
});

/**
 * What the device's speech synthesis says it has (Chromium here has no voice at all): `voices`,
 * and a speak() that reports each sentence's end after 300 ms. What was spoken is kept in
 * `window.spoken`.
 */
async function deviceVoices(page: Page, voices: { lang: string; localService: boolean }[]) {
  await page.addInitScript((voices) => {
    const spoken: string[] = [];
    const world = window as unknown as Record<string, unknown>;
    world.spoken = spoken;
    const synthesis = {
      getVoices: () =>
        voices.map((voice, index) => ({
          name: `Voz ${index}`,
          voiceURI: `voz-${index}`,
          default: index === 0,
          ...voice,
        })),
      speak(utterance: { text: string; onend?: () => void }) {
        spoken.push(utterance.text);
        setTimeout(() => utterance.onend?.(), 300);
      },
      cancel() {},
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
    world.SpeechSynthesisUtterance = class {
      text: string;
      constructor(text: string) {
        this.text = text;
      }
    };
  }, voices);
}

/** The text of the sentence lit by the CSS highlight (decision 079), or "" when none is. */
const litSentence = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get("leemelo");
    return highlight ? [...highlight].map((range) => range.toString()).join("") : "";
  });

test.describe("Léemelo by the device's own voice, on a chapter without a recording", () => {
  const WITHOUT_RECORDING = "/casa-de-la-abuela";

  test("with a Spanish voice of its own, reads sentence by sentence, lit; pauses and closes", async ({ page }) => {
    await deviceVoices(page, [
      { lang: "en-US", localService: true },
      { lang: "es-MX", localService: true },
    ]);
    await signUp(page);
    await gotoHydrated(page, WITHOUT_RECORDING);
    const press = page.getByRole("button", { name: "Léemelo" });
    await expect(press).toBeVisible();
    await press.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length))
      .toBeGreaterThan(1);
    const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
    // Each utterance is one sentence of the chapter's text, in order.
    const text = await page.locator(".chapter-body").innerText();
    expect(text.indexOf(spoken[1]!)).toBeGreaterThan(text.indexOf(spoken[0]!));
    expect(spoken[0]).toMatch(/[.!?…»”]$/);
    await expect
      .poll(() => litSentence(page))
      .toBe(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.at(-1)));
    await page.getByRole("button", { name: "Pausa" }).click();
    const paused = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length);
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length)).toBe(paused);
    await page.getByRole("button", { name: "Cerrar" }).click();
    await expect(press).toBeFocused();
    expect(await litSentence(page)).toBe("");
    await expectNoAxeViolations(page, "a chapter with the device's voice offered");
  });

  test("no Spanish voice of the device's own: no button, nobody asked to install anything", async ({ page }) => {
    await deviceVoices(page, [
      { lang: "es-ES", localService: false },
      { lang: "en-GB", localService: true },
    ]);
    await signUp(page);
    const idleWork = page.waitForResponse(/\/assets\/chapter-idle\.client-[\w-]+\.js$/);
    await gotoHydrated(page, WITHOUT_RECORDING);
    await idleWork;
    await page.waitForTimeout(300);
    await expect(page.getByRole("button", { name: "Léemelo" })).toHaveCount(0);
    await expect(page.getByText(/instal/i)).toHaveCount(0);
  });

  test("a chapter with a recording offers its recording only", async ({ page }) => {
    await deviceVoices(page, [{ lang: "es-MX", localService: true }]);
    const idleWork = page.waitForResponse(/\/assets\/chapter-idle\.client-[\w-]+\.js$/);
    await gotoHydrated(page, CHAPTER);
    await idleWork;
    await page.waitForTimeout(300);
    await expect(page.getByRole("button", { name: "Léemelo" })).toHaveCount(1);
    await expect(page.locator("[data-speak-aloud]")).toHaveCount(0);
  });
});
