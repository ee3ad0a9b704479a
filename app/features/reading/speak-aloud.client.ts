/**
 * 'Léemelo' for a chapter without a recording (issue 42, decision 079): the device's own Spanish
 * voice reads it one sentence at a time, the sentence being read lit. Only a voice installed on
 * the device (`localService`): a network voice stops after ~14 s on Chrome and phones list
 * voices they cannot speak; with none, the button never shows and nobody is asked to install
 * anything. Sentences, not words: word boundaries are not reported by Chrome on Android nor by
 * Google's voices. Loaded on the press; whether to offer it is decided when the page is idle
 * (offerSpeakAloud, below, from the chapter's idle work: chapter-idle.client.ts).
 */

/** The name of the CSS highlight of the sentence being read (`::highlight(leemelo)`). */
const HIGHLIGHT = "leemelo";
const SPEEDS = [0.75, 1, 1.25] as const;

type Sentence = { block: HTMLElement; text: string; range: Range };

/** The device's own Spanish voice, if it has one. */
export function localSpanishVoice(): SpeechSynthesisVoice | undefined {
  if (!("speechSynthesis" in window)) return undefined;
  const voices = speechSynthesis.getVoices().filter((voice) => voice.localService && /^es\b/i.test(voice.lang));
  return voices.find((voice) => voice.default) ?? voices[0];
}

/** The chapter's sentences in reading order, each as a range over its block's text nodes. */
function sentencesOf(text: HTMLElement): Sentence[] {
  const segmenter = new Intl.Segmenter("es", { granularity: "sentence" });
  const sentences: Sentence[] = [];
  const blocks = [...text.querySelectorAll<HTMLElement>("p, li, h2, h3, h4, blockquote")].filter(
    // The glossary's cards follow the text (decision 077): not read; nor a block inside another.
    (block) => !block.closest(".glossary-cards") && !block.parentElement?.closest("p, li, h2, h3, h4, blockquote"),
  );
  for (const block of blocks) {
    const nodes: { node: Text; start: number }[] = [];
    let whole = "";
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      nodes.push({ node, start: whole.length });
      whole += node.data;
    }
    const at = (offset: number): [Text, number] => {
      const found = nodes.findLast(({ start }) => start <= offset) ?? nodes[0]!;
      return [found.node, Math.min(offset - found.start, found.node.length)];
    };
    for (const { segment, index } of segmenter.segment(whole)) {
      const spoken = segment.trim();
      if (!/[\p{L}\p{N}]/u.test(spoken)) continue;
      const begin = index + segment.indexOf(spoken);
      const range = document.createRange();
      range.setStart(...at(begin));
      range.setEnd(...at(begin + spoken.length));
      sentences.push({ block, text: spoken, range });
    }
  }
  return sentences;
}

let open: HTMLElement | null = null;

function button(label: string, onClick: () => void, name?: string) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "btn btn-outline-secondary btn-sm";
  element.textContent = label;
  if (name) element.setAttribute("aria-label", name);
  element.addEventListener("click", onClick);
  return element;
}

/** The speed buttons, the chosen one pressed (1× at first); `choose` is told the new speed. */
function speedButtons(choose: (speed: number) => void): HTMLButtonElement[] {
  const speeds = SPEEDS.map((speed) => {
    const label = `${String(speed).replace(".", ",")}×`;
    const element = button(
      label,
      () => {
        speeds.forEach((other, index) => other.setAttribute("aria-pressed", String(SPEEDS[index] === speed)));
        choose(speed);
      },
      `Velocidad ${label.replace("×", "")}`,
    );
    element.setAttribute("aria-pressed", String(speed === 1));
    return element;
  });
  return speeds;
}

export function speakAloud(trigger: HTMLElement): void {
  if (open) return open.focus();
  const text = document.querySelector<HTMLElement>(".chapter-body");
  const voice = localSpanishVoice();
  if (!text || !voice) return;
  const sentences = sentencesOf(text);
  const highlights = "highlights" in CSS ? CSS.highlights : undefined;
  let current = -1;
  let playing = false;
  let rate = 1;
  /** The utterance being spoken: a cancelled one may still report its end, and is then ignored. */
  let speaking: SpeechSynthesisUtterance | null = null;

  const light = (index: number) => {
    sentences[current]?.block.removeAttribute("data-speaking");
    current = index;
    const sentence = sentences[index];
    if (!sentence) return highlights?.delete(HIGHLIGHT);
    // The sentence itself where the browser can paint a range; its paragraph is marked anyway.
    sentence.block.setAttribute("data-speaking", "");
    if (highlights) highlights.set(HIGHLIGHT, new Highlight(sentence.range));
    const box = sentence.range.getBoundingClientRect();
    if (box.top < innerHeight * 0.2 || box.bottom > innerHeight * 0.8)
      sentence.block.scrollIntoView({
        block: "center",
        behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
      });
  };
  // Pausing is cancelling and starting the sentence again: pause() cancels on Android anyway.
  const speakFrom = (index: number) => {
    speechSynthesis.cancel();
    light(index);
    const sentence = sentences[index];
    if (!sentence) return stop();
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = rate;
    utterance.onend = () => {
      if (playing && speaking === utterance) speakFrom(index + 1);
    };
    speaking = utterance;
    speechSynthesis.speak(utterance);
  };
  const stop = () => {
    playing = false;
    speaking = null;
    toggle.textContent = "Seguir";
    speechSynthesis.cancel();
  };

  const panel = document.createElement("div");
  panel.className = "read-aloud d-flex flex-wrap align-items-center gap-2 my-3";
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-label", "Controles de Léemelo");
  panel.tabIndex = -1;
  const toggle = button("Pausa", () => {
    if (playing) return stop();
    playing = true;
    toggle.textContent = "Pausa";
    speakFrom(Math.max(current, 0) < sentences.length ? Math.max(current, 0) : 0);
  });
  const speeds = speedButtons((speed) => {
    rate = speed;
    if (playing) speakFrom(current);
  });
  const close = button("Cerrar", () => {
    stop();
    light(-1);
    panel.remove();
    open = null;
    trigger.focus();
  });
  const note = document.createElement("small");
  note.textContent = "Lee la voz de este dispositivo, frase por frase.";
  panel.append(toggle, ...speeds, close, note);
  (trigger.closest("p") ?? trigger).after(panel);
  open = panel;
  addEventListener("pagehide", () => speechSynthesis.cancel(), { once: true });
  playing = true;
  speakFrom(0);
}

/**
 * Shows the chapter's hidden 'Léemelo' (made on the server for a chapter without a recording)
 * once the device says it has a Spanish voice of its own; the list of voices may come late.
 */
export function offerSpeakAloud(): () => void {
  const trigger = document.querySelector<HTMLButtonElement>("[data-speak-aloud]");
  if (!trigger || !("speechSynthesis" in window)) return () => {};
  const offer = () => {
    if (!localSpanishVoice()) return;
    speechSynthesis.removeEventListener("voiceschanged", offer);
    trigger.closest<HTMLElement>("[hidden]")?.removeAttribute("hidden");
    trigger.addEventListener("click", () => speakAloud(trigger));
  };
  speechSynthesis.addEventListener("voiceschanged", offer);
  offer();
  return () => speechSynthesis.removeEventListener("voiceschanged", offer);
}
