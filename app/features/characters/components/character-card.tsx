import type { PublicCharacter } from "../characters.server.ts";
import { CHARACTER_MESSAGES, STYLE_LABELS } from "../character-messages.ts";

/** Spanish alt text: the character's name and subtitle. */
export const characterAlt = (character: PublicCharacter) =>
  character.locked
    ? `Silueta de ${character.name}, aún bloqueado`
    : character.subtitle
      ? `${character.name}, ${character.subtitle}`
      : character.name;

export function LockIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
      className="character-lock-icon"
    >
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
      />
    </svg>
  );
}

type Props = {
  character: PublicCharacter;
  /** Whether the reader has unlocked it; null for a visitor (no lock marks). */
  unlocked: boolean | null;
  /** Images of the first row load at once; the rest when scrolled near. */
  eager: boolean;
  onOpen: (id: string) => void;
};

/** A 3:4 collectible card; a real button over it opens the detail modal. */
export function CharacterCard({ character, unlocked, eager, onOpen }: Props) {
  const locked = unlocked === false || character.locked;
  const hintId = `personaje-${character.id}-pista`;
  const hint = locked && character.requiredUrlText;
  return (
    <li className="col-4 col-md-2">
      <div className={`character-card character-style-${character.style}${locked ? " is-locked" : ""}`}>
        <img
          src={character.imageSrc}
          alt={characterAlt(character)}
          width="300"
          height="400"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="character-card-image"
          style={{ objectPosition: character.position }}
        />
        {/* The button covers the whole card; it is named by what it shows: name, style, lock. */}
        <button
          type="button"
          className="character-card-button"
          aria-haspopup="dialog"
          aria-describedby={hint ? hintId : undefined}
          onClick={(event) => {
            // Safari does not focus a clicked button; the modal gives focus back to it on close.
            event.currentTarget.focus();
            onOpen(character.id);
          }}
        >
          <span className="character-card-name">{character.name}</span>{" "}
          <span className="character-card-badges">
            <span className="character-style-badge">{STYLE_LABELS[character.style]}</span>
            {locked && (
              <>
                {" "}
                <span className="character-lock-badge">
                  <LockIcon /> {CHARACTER_MESSAGES.locked}
                </span>
              </>
            )}
          </span>
        </button>
      </div>
      {hint && (
        <p className="character-hint" id={hintId}>
          {character.requiredUrlText}
        </p>
      )}
    </li>
  );
}
