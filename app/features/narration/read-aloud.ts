import type { NarrationTimings } from "./narration-timings.ts";
import { wordsInText } from "./narration-words.ts";

/**
 * 'Léemelo' (issue 42, decision 074): loaded only when the button is pressed, without React, so
 * the page's first scripts stay as they were. Plays the chapter's narration and lights the word
 * being read with `data-reading`, from a requestAnimationFrame loop over `audio.currentTime`
 * (`timeupdate` fires ~4 times a second: too coarse for a word). Nothing here is announced: the
 * lit word changes an attribute only, so screen readers do not chatter.
 */
export type NarrationFiles = { audio: string; timings: string; label: string; title: string };

const SPEEDS = [
  [0.75, "0,75×"],
  [1, "1×"],
  [1.25, "1,25×"],
] as const;
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "ArrowUp", "ArrowDown", "Home", "End"]);

let open: { focus(): void } | null = null;

/** Cuts the text into one element per word, in the order the timings count them (narration-words.ts). */
function wrapWords(text: HTMLElement): HTMLElement[] {
  const words: HTMLElement[] = [];
  // The glossary's cards follow the chapter's text in its body (decision 077): not narrated.
  const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(".glossary-cards") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  for (const node of nodes) {
    const value = node.data;
    const found = wordsInText(value);
    if (!found.length) continue;
    const pieces = document.createDocumentFragment();
    let at = 0;
    for (const { word, index } of found) {
      pieces.append(value.slice(at, index));
      const element = document.createElement("span");
      element.dataset.w = String(words.length);
      element.textContent = word;
      words.push(element);
      pieces.append(element);
      at = index + word.length;
    }
    pieces.append(value.slice(at));
    node.replaceWith(pieces);
  }
  return words;
}

/** The last word begun by `ms` (-1 before the first). */
function wordAt(timings: NarrationTimings["words"], ms: number): number {
  let low = 0;
  let high = timings.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (timings[middle]![1] <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The first word of the paragraph the reader's place is kept at, from the page's resume link. */
function keptParagraphStart(text: HTMLElement): HTMLElement | null {
  const link = document.querySelector<HTMLAnchorElement>('.reading-resume a[href^="#parrafo-"]');
  const paragraph = link && text.querySelector(`[id="${link.hash.slice(1)}"]`);
  return paragraph?.querySelector<HTMLElement>("[data-w]") ?? null;
}

function button(text: string, onClick: () => void, label?: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "btn btn-sm btn-outline-primary";
  element.textContent = text;
  if (label) element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}

/** What Media Source Extensions are told a WebM narration holds (decision 078). */
const STREAMED = { "audio/webm": 'audio/webm; codecs="opus"' } as Record<string, string>;

/**
 * The recording as an audio element. Where the browser takes it as a stream (Media Source
 * Extensions, for WebM/Opus: Chrome, Firefox, Android), the element is fed the bytes as they
 * come, so the first sound waits for a few KB, not for the media loader's first 32 KB block
 * (1.52 s on a slow phone's link: decision 078). Elsewhere the element loads it itself.
 */
async function recordingAudio(files: NarrationFiles, recording: Promise<Response>): Promise<HTMLAudioElement> {
  const audio = new Audio();
  const answer = await recording.catch(() => null);
  const type = STREAMED[answer?.headers.get("Content-Type") ?? ""];
  const body = answer?.ok ? answer.body : null;
  if (!body || !type || !("MediaSource" in window) || !MediaSource.isTypeSupported(type)) {
    void body?.cancel();
    audio.src = files.audio;
    return audio;
  }
  const source = new MediaSource();
  audio.src = URL.createObjectURL(source);
  source.addEventListener(
    "sourceopen",
    async () => {
      URL.revokeObjectURL(audio.src);
      const buffer = source.addSourceBuffer(type);
      const reader = body.getReader();
      try {
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          buffer.appendBuffer(read.value);
          await new Promise((done) => buffer.addEventListener("updateend", done, { once: true }));
        }
        if (source.readyState === "open") source.endOfStream();
      } catch {
        // Cut off (the page left, the signal lost): what came plays; the rest is not there.
        if (source.readyState === "open") source.endOfStream("network");
      }
    },
    { once: true },
  );
  return audio;
}

type StartedNarration = {
  audio: HTMLAudioElement;
  playing: Promise<void>;
  timings: NarrationTimings["words"];
  words: HTMLElement[];
};

/**
 * The recording started, with its timings and the chapter's words (cut into elements here the
 * first time); null, the recording stopped, when the timings do not come.
 */
async function startNarration(
  text: HTMLElement,
  files: NarrationFiles,
  recording: Promise<Response>,
): Promise<StartedNarration | null> {
  const timingsAnswer = fetch(files.timings);
  const audio = await recordingAudio(files, recording);
  audio.preload = "auto";
  const playing = audio.play();
  const response = await timingsAnswer;
  if (!response.ok) {
    audio.pause();
    return null;
  }
  const timings = ((await response.json()) as NarrationTimings).words;
  const words = text.querySelector("[data-w]") ? [...text.querySelectorAll<HTMLElement>("[data-w]")] : wrapWords(text);
  return { audio, playing, timings, words };
}

/**
 * Lights the word being read (`data-reading`) and, while the reader follows, keeps it in sight.
 * Scrolling by wheel, touch or keys stops following; `resume`, 'Seguir la lectura', brings it back.
 * `end`: nothing lit, scrolling no longer watched.
 */
function wordLight(words: HTMLElement[]) {
  let lit = -1;
  let follow = true;
  const light = (index: number) => {
    if (index === lit) return;
    words[lit]?.removeAttribute("data-reading");
    lit = index;
    const word = words[index];
    if (!word) return;
    word.setAttribute("data-reading", "");
    if (!follow) return;
    const box = word.getBoundingClientRect();
    if (box.top < innerHeight * 0.2 || box.bottom > innerHeight * 0.8)
      word.scrollIntoView({
        block: "center",
        behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
      });
  };
  const resume = button("Seguir la lectura", () => {
    follow = true;
    resume.hidden = true;
    if (words[lit]) words[lit]!.scrollIntoView({ block: "center" });
  });
  resume.hidden = true;
  const stopFollowing = () => {
    if (!follow) return;
    follow = false;
    resume.hidden = false;
  };
  const onKey = (event: KeyboardEvent) => SCROLL_KEYS.has(event.key) && stopFollowing();
  addEventListener("wheel", stopFollowing, { passive: true });
  addEventListener("touchmove", stopFollowing, { passive: true });
  addEventListener("keydown", onKey);
  const end = () => {
    words[lit]?.removeAttribute("data-reading");
    removeEventListener("wheel", stopFollowing);
    removeEventListener("touchmove", stopFollowing);
    removeEventListener("keydown", onKey);
  };
  return { light, resume, end };
}

/** The speed buttons, the chosen one pressed (1× at first). */
function speedButtons(audio: HTMLAudioElement): HTMLButtonElement[] {
  const speeds = SPEEDS.map(([rate, name]) => button(name, () => pace(rate), `Velocidad ${name.replace("×", "")}`));
  const pace = (rate: number) => {
    audio.playbackRate = rate;
    speeds.forEach((speed, index) => speed.setAttribute("aria-pressed", String(SPEEDS[index]![0] === rate)));
  };
  pace(1);
  return speeds;
}

/** The phone's lock screen and headset buttons. */
function connectMediaSession(audio: HTMLAudioElement, files: NarrationFiles, close: () => void): void {
  const session = navigator.mediaSession;
  if (!session || typeof MediaMetadata === "undefined") return;
  session.metadata = new MediaMetadata({
    title: files.title,
    artist: files.label || "Léemelo",
    album: "Valentina y Taquito",
  });
  const seek = (seconds: number) => () => (audio.currentTime = Math.max(0, audio.currentTime + seconds));
  session.setActionHandler("play", () => void audio.play());
  session.setActionHandler("pause", () => audio.pause());
  session.setActionHandler("seekbackward", seek(-10));
  session.setActionHandler("seekforward", seek(10));
  session.setActionHandler("stop", close);
}

/**
 * `recording`: the narration's answer, asked for at the press (read-aloud-button.tsx), so the
 * first sound does not wait for this module's round trip.
 */
export async function readAloud(
  trigger: HTMLElement,
  files: NarrationFiles,
  recording: Promise<Response> = fetch(files.audio),
): Promise<void> {
  if (open) {
    void recording.then((answer) => answer.body?.cancel()).catch(() => {});
    return open.focus();
  }
  const text = document.querySelector<HTMLElement>(".chapter-body");
  if (!text) return;
  const narration = await startNarration(text, files, recording);
  if (!narration) return;
  const { audio, playing, timings, words } = narration;
  const { light, resume, end } = wordLight(words);
  let frame = 0;
  const tick = () => {
    light(wordAt(timings, audio.currentTime * 1000));
    frame = audio.paused ? 0 : requestAnimationFrame(tick);
  };

  const panel = document.createElement("div");
  panel.className = "read-aloud d-flex flex-wrap align-items-center gap-2 my-3";
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-label", "Controles de Léemelo");
  const toggle = button("Pausa", () => (audio.paused ? void audio.play() : audio.pause()));
  const onTap = (event: MouseEvent) => {
    const word = (event.target as Element).closest?.("[data-w]");
    const timing = word && timings[Number((word as HTMLElement).dataset.w)];
    if (!timing) return;
    audio.currentTime = timing[1] / 1000;
    light(Number((word as HTMLElement).dataset.w));
    if (audio.paused) void audio.play();
  };
  const close = () => {
    audio.pause();
    audio.removeAttribute("src");
    cancelAnimationFrame(frame);
    end();
    text.classList.remove("reading-aloud");
    text.removeEventListener("click", onTap);
    panel.remove();
    open = null;
    trigger.focus();
  };
  panel.append(toggle, ...speedButtons(audio), resume, button("Cerrar", close, "Cerrar Léemelo"));
  (trigger.parentElement ?? trigger).after(panel);
  text.classList.add("reading-aloud");
  text.addEventListener("click", onTap);
  audio.addEventListener("play", () => {
    toggle.textContent = "Pausa";
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(tick);
  });
  audio.addEventListener("pause", () => {
    toggle.textContent = "Seguir";
    tick();
  });
  audio.addEventListener("ended", () => light(-1));
  // A reader with a place kept in this chapter ('Seguir donde me quedé', decision 076) is read
  // to from the first word of that paragraph, as the link would take them there.
  const kept = keptParagraphStart(text);
  const first = kept ? Number(kept.dataset.w) : -1;
  if (timings[first]) {
    audio.currentTime = timings[first]![1] / 1000;
    light(first);
  }
  if (!audio.paused) frame = requestAnimationFrame(tick);

  connectMediaSession(audio, files, close);
  open = { focus: () => toggle.focus() };
  toggle.focus();
  // Refused without a fresh gesture (a slow module or timings): the reader presses 'Seguir'.
  await playing.catch(() => (toggle.textContent = "Seguir"));
}
