import { Link } from "react-router";
import type { PublicCharacter } from "../characters.server.ts";
import { CHARACTER_MESSAGES, SIGN_UP_FROM_COLLECTION, STYLE_LABELS } from "../character-messages.ts";
import { LockIcon, characterAlt } from "./character-card.tsx";

export const DETAIL_TITLE_ID = "personaje-detalle-titulo";

type Props = {
  character: PublicCharacter;
  unlocked: boolean | null;
  /** A visitor's locked card invites them to an account that keeps what they discover. */
  signedIn: boolean;
};

/** Every field of SPEC.md §3 a reader cares about, inside the detail modal. */
export function CharacterDetail({ character, unlocked, signedIn }: Props) {
  if (character.locked) return <LockedCharacterDetail character={character} signedIn={signedIn} />;
  const facts: [string, string][] = [
    ["Poder", character.power],
    ["Debilidad", character.weakness],
    ["Color favorito", character.color],
    ["Hogar", character.place],
  ];
  return (
    <div className={`row g-4 character-detail character-style-${character.style}`}>
      <div className="col-md-5">
        <img
          src={character.imageSrc}
          alt={characterAlt(character)}
          width="300"
          height="400"
          className="character-detail-image"
          style={{ objectPosition: character.position }}
        />
      </div>
      <div className="col-md-7">
        <h2 id={DETAIL_TITLE_ID} className="h3 mb-1 character-detail-name">
          {character.name}
        </h2>
        {character.subtitle && <p className="lead character-detail-subtitle">{character.subtitle}</p>}
        <p className="d-flex flex-wrap gap-2">
          <span className="character-style-badge">{STYLE_LABELS[character.style]}</span>
          {unlocked === false && (
            <span className="character-lock-badge">
              <LockIcon /> {CHARACTER_MESSAGES.locked}
            </span>
          )}
          {unlocked === true && <span className="character-unlocked-badge">{CHARACTER_MESSAGES.unlocked}</span>}
        </p>
        {character.description && <p>{character.description}</p>}
        <dl className="character-facts">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          {character.tags.length > 0 && (
            <div>
              <dt>Etiquetas</dt>
              <dd>
                <ul className="character-tags">
                  {character.tags.map((tag, index) => (
                    <li key={`${index}:${tag}`}>{tag}</li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          <div>
            <dt>Tipo de carta</dt>
            <dd>{STYLE_LABELS[character.style]}</dd>
          </div>
          {character.requiredUrlText && (
            <div>
              <dt>Cómo se desbloquea</dt>
              <dd>{character.requiredUrlText}</dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}

/** A locked card's modal: the silhouette, the name and how to unlock it; nothing else is known here. */
function LockedCharacterDetail({
  character,
  signedIn,
}: {
  character: Extract<PublicCharacter, { locked: true }>;
  signedIn: boolean;
}) {
  return (
    <div className={`row g-4 character-detail character-style-${character.style} is-locked`}>
      <div className="col-md-5">
        <img
          src={character.imageSrc}
          alt={characterAlt(character)}
          width="300"
          height="400"
          className="character-detail-image"
        />
      </div>
      <div className="col-md-7">
        <h2 id={DETAIL_TITLE_ID} className="h3 mb-1 character-detail-name">
          {character.name}
        </h2>
        <p className="d-flex flex-wrap gap-2">
          <span className="character-style-badge">{STYLE_LABELS[character.style]}</span>
          <span className="character-lock-badge">
            <LockIcon /> {CHARACTER_MESSAGES.locked}
          </span>
        </p>
        <dl className="character-facts">
          <div>
            <dt>Cómo se desbloquea</dt>
            <dd>{character.requiredUrlText}</dd>
          </div>
        </dl>
        {!signedIn && (
          <p className="character-invitation">
            <Link to={SIGN_UP_FROM_COLLECTION}>{CHARACTER_MESSAGES.lockedDetailInvitation}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
