import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CELEBRATION_MESSAGES as MESSAGES, type Celebration, unlockedSummary } from "./celebration.ts";

/** Long enough to read and reach with the keyboard; it waits while pointed at or focused. */
const SHOWN_FOR_MS = 10_000;

type Props = { celebration: Celebration; onClose: () => void };

/**
 * The unlock moment: each new card turns over into view (no motion with reduced motion), with
 * its picture, its name and a link to it, and the server's words for a first discovery or a
 * completed collection. Loaded on demand by UnlockToast.
 */
export default function UnlockCelebration({ celebration, onClose }: Props) {
  const [paused, setPaused] = useState(false);
  const toast = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => latestClose.current(), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [celebration, paused]);

  /** Closing from inside: focus goes back to the page rather than being lost with the toast. */
  const close = () => {
    if (toast.current?.contains(document.activeElement)) document.getElementById("contenido")?.focus();
    onClose();
  };

  const { cards, firstUnlock, completed } = celebration;
  return (
    <div
      ref={toast}
      className="unlock-toast"
      role="status"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <div className="unlock-toast-body">
        <p className="unlock-toast-title">{firstUnlock ? MESSAGES.firstUnlock : MESSAGES.newUnlock}</p>
        <p className="unlock-toast-summary">{unlockedSummary(cards)}</p>
        <ul className="unlock-cards list-unstyled">
          {cards.map((card, index) => (
            <li key={`${card.kind}-${card.id}`} className="unlock-card">
              <span className="unlock-card-picture" style={{ animationDelay: `${index * 150}ms` }}>
                {card.imageSrc ? (
                  <img src={card.imageSrc} alt={card.imageAlt} width="72" height="96" />
                ) : (
                  <span className="unlock-card-blank" aria-hidden="true">
                    ★
                  </span>
                )}
              </span>
              <span className="unlock-card-text">
                <span className="unlock-card-kind">
                  {card.kind === "character" ? MESSAGES.character : MESSAGES.chapter}
                </span>
                <span className="unlock-card-name">{card.name}</span>
                {/* The whole card is the link's target (stretched-link); its name says which card. */}
                <Link to={card.path} className="unlock-card-link stretched-link" onClick={onClose}>
                  {card.kind === "character" ? MESSAGES.seeCharacter : MESSAGES.readChapter}
                  <span className="visually-hidden">
                    {card.kind === "character" ? ` de ${card.name}` : ` «${card.name}»`}
                  </span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
        {completed.characters && <p className="unlock-toast-complete">{MESSAGES.charactersComplete}</p>}
        {completed.chapters && <p className="unlock-toast-complete">{MESSAGES.chaptersComplete}</p>}
      </div>
      <button type="button" className="btn-close btn-close-white" aria-label={MESSAGES.close} onClick={close} />
    </div>
  );
}
