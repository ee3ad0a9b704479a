import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";

/** How far one press of 'Antes' or 'Después' moves a word's start. */
const NUDGE_MS = 50;
const SPEEDS = [0.75, 1, 1.25] as const;

const clock = (ms: number) => {
  const tenths = Math.round(ms / 100);
  return `${Math.floor(tenths / 600)}:${String(Math.floor(tenths / 10) % 60).padStart(2, "0")},${tenths % 10}`;
};

/**
 * Marks where each word of the chapter starts in its recording (issue 42, decision 078): the
 * author plays the audio and presses 'Marcar' as each word is heard ('tap along'), or picks a word
 * (which plays from there) and moves its start earlier or later. Starts stay in reading order: a
 * mark moves any later word that would come before it. Nothing is stored until 'Guardar marcas'.
 * Keys, while the editor has the focus: M or Enter on the mark button marks, [ and ] nudge.
 */
export function NarrationMarker({
  words,
  initialBegins,
  audioSrc,
  durationMs,
  busy,
}: {
  words: string[];
  initialBegins: number[];
  audioSrc: string;
  durationMs: number;
  busy: boolean;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [begins, setBegins] = useState(initialBegins);
  /** The word the next 'Marcar' sets: after a mark, the one after it. */
  const [next, setNext] = useState(0);
  const heard = useHeardWord(audio, begins);
  const changed = begins.some((begin, index) => begin !== initialBegins[index]);

  const setStart = (index: number, at: number) =>
    setBegins((current) => {
      const clamped = Math.max(0, Math.min(Math.round(at), durationMs - 1));
      return current.map((begin, i) =>
        i === index ? clamped : i < index ? Math.min(begin, clamped) : Math.max(begin, clamped),
      );
    });

  const mark = () => {
    if (!audio.current || next >= words.length) return;
    setStart(next, audio.current.currentTime * 1000);
    setNext(next + 1);
  };
  const choose = (index: number) => {
    setNext(index);
    if (audio.current) audio.current.currentTime = begins[index]! / 1000;
  };
  /** The word a nudge moves: the one just marked or chosen. */
  const nudged = Math.max(0, next - 1);
  const nudge = (by: number) => setStart(nudged, begins[nudged]! + by);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === "[") nudge(-NUDGE_MS);
    else if (event.key === "]") nudge(NUDGE_MS);
    else if (event.key === "m" || event.key === "M") mark();
    else return;
    event.preventDefault();
  };

  return (
    <div className="narration-marker" onKeyDown={onKeyDown}>
      {/* The chapter's own text, below, is what this recording reads: no captions of its own. */}
      <audio
        ref={audio}
        src={audioSrc}
        controls
        preload="auto"
        className="w-100 mb-2"
        aria-label="Grabación del capítulo"
      />
      <SpeedButtons audio={audio} />
      <p className="mb-2">
        Pulsa «Marcar» (o la tecla M) justo cuando empiece a sonar la palabra resaltada. Elige una palabra para escuchar
        desde ella; «Antes» y «Después» (o [ y ]) mueven su inicio {NUDGE_MS / 1000} s.
      </p>
      <MarkButtons nextWord={words[next]} onMark={mark} onNudge={nudge} />
      <WordList words={words} begins={begins} next={next} heard={heard} onChoose={choose} />
      <SaveMarksForm begins={begins} changed={changed} busy={busy} />
    </div>
  );
}

/** The index of the word whose start the recording has passed last, or -1 before the first. */
function useHeardWord(audio: React.RefObject<HTMLAudioElement | null>, begins: number[]): number {
  const [heard, setHeard] = useState(-1);
  // The word being heard, to check the marks by ear and eye (an admin page: timeupdate's ~4 a
  // second is enough here; the readers' page lights words from a requestAnimationFrame loop).
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const onTime = () => {
      const at = element.currentTime * 1000;
      let index = -1;
      for (let i = 0; i < begins.length && begins[i]! <= at; i++) index = i;
      setHeard(index);
    };
    element.addEventListener("timeupdate", onTime);
    return () => element.removeEventListener("timeupdate", onTime);
  }, [audio, begins]);
  return heard;
}

/** The playback speeds, one pressed. */
function SpeedButtons({ audio }: { audio: React.RefObject<HTMLAudioElement | null> }) {
  const [speed, setSpeed] = useState<number>(1);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2" role="group" aria-label="Velocidad">
      {SPEEDS.map((rate) => (
        <button
          key={rate}
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-pressed={speed === rate}
          onClick={() => {
            setSpeed(rate);
            if (audio.current) audio.current.playbackRate = rate;
          }}
        >
          {String(rate).replace(".", ",")}×
        </button>
      ))}
    </div>
  );
}

type MarkButtonsProps = {
  /** The word the next 'Marcar' sets, or undefined once all are marked. */
  nextWord: string | undefined;
  onMark: () => void;
  onNudge: (by: number) => void;
};

/** 'Marcar' the next word, and 'Antes' / 'Después' to move the last one marked or chosen. */
function MarkButtons({ nextWord, onMark, onNudge }: MarkButtonsProps) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <button type="button" className="btn btn-primary btn-lg" onClick={onMark} disabled={nextWord === undefined}>
        {nextWord !== undefined ? `Marcar «${nextWord}»` : "Todas marcadas"}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={() => onNudge(-NUDGE_MS)}>
        Antes
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={() => onNudge(NUDGE_MS)}>
        Después
      </button>
    </div>
  );
}

type WordListProps = {
  words: string[];
  begins: number[];
  /** The word the next 'Marcar' sets. */
  next: number;
  /** The word being heard. */
  heard: number;
  onChoose: (index: number) => void;
};

/** Every word of the chapter with its start: the next to mark and the one being heard stand out. */
function WordList({ words, begins, next, heard, onChoose }: WordListProps) {
  return (
    <ol className="narration-words list-unstyled d-flex flex-wrap gap-1" aria-label="Palabras del capítulo">
      {words.map((word, index) => (
        <li key={index}>
          <button
            type="button"
            className={`btn btn-sm ${index === next ? "btn-warning" : index === heard ? "btn-info" : "btn-light"}`}
            aria-current={index === next ? "step" : undefined}
            data-begin={begins[index]}
            onClick={() => onChoose(index)}
          >
            {word} <small>{clock(begins[index]!)}</small>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Sends every start at once: nothing is stored before this. */
function SaveMarksForm({ begins, changed, busy }: { begins: number[]; changed: boolean; busy: boolean }) {
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="marks" />
      <input type="hidden" name="begins" value={JSON.stringify(begins)} />
      <button type="submit" className="btn btn-success" disabled={busy}>
        Guardar marcas
      </button>
      {changed && <span className="ms-2">Hay marcas sin guardar.</span>}
    </Form>
  );
}
