import { renderToStaticMarkup } from "react-dom/server";
import { glossaryCardId } from "../glossary-marks.ts";
import type { GlossaryCard } from "../glossary-entry.ts";

/**
 * The cards of the glossary words marked in a chapter (decision 077): HTML popovers, opened by
 * the marked word's `popovertarget` button. The browser does the rest with no script of ours:
 * a tap, a click, Enter or Space opens; Escape, a tap outside or 'Cerrar' closes and focus goes
 * back to the word. Everything here is text React escapes; the recording loads only when played.
 * Rendered to HTML on the server and sent with the chapter's body, so no code of it reaches the
 * browser (the chapter page's script budget).
 */
function GlossaryCards({ cards }: { cards: readonly GlossaryCard[] }) {
  if (cards.length === 0) return null;
  return (
    <div className="glossary-cards">
      {cards.map((card) => {
        const id = glossaryCardId(card.id);
        return (
          <div
            key={card.id}
            id={id}
            popover="auto"
            role="dialog"
            aria-labelledby={`${id}-palabra`}
            className="glossary-card"
          >
            {card.imageUrl && (
              <img src={card.imageUrl} alt={card.imageAlt} className="glossary-card-image" loading="lazy" />
            )}
            <p id={`${id}-palabra`} className="glossary-card-word mb-1">
              {card.word}
            </p>
            {card.english && (
              <p className="mb-2">
                En inglés: <i lang="en">{card.english}</i>
              </p>
            )}
            <p>{card.meaning}</p>
            {card.audioUrl && (
              // The browser's own player: its play button works before hydration and with
              // JavaScript off, and nothing is fetched until it is pressed.
              <p className="mb-2">
                <span id={`${id}-escuchar`}>Escuchar</span>
                <audio
                  controls
                  preload="none"
                  src={card.audioUrl}
                  aria-labelledby={`${id}-escuchar ${id}-palabra`}
                  className="d-block mt-1"
                />
              </p>
            )}
            <p className="d-flex flex-wrap gap-3 align-items-center mb-0">
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                popoverTarget={id}
                popoverTargetAction="hide"
              >
                Cerrar<span className="visually-hidden"> «{card.word}»</span>
              </button>
              <a href={`/glosario#${card.id}`}>Todas las palabras</a>
            </p>
          </div>
        );
      })}
    </div>
  );
}

/** The cards' HTML, to follow the chapter's marked body ('' when no word is marked). */
export const glossaryCardsHtml = (cards: readonly GlossaryCard[]) =>
  cards.length ? renderToStaticMarkup(<GlossaryCards cards={cards} />) : "";
