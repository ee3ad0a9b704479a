import { Link } from "react-router";
import { characterCardPath } from "../../../lib/public-paths.ts";
import { loginHref } from "../../../lib/site-paths.ts";
import type { Passport } from "../passport.ts";
import { PASSPORT_MESSAGES, chapterCount, characterCount } from "../passport-messages.ts";

export const PASSPORT_LOGIN_HREF = loginHref("/pasaporte");

/** What a visitor sees: what the passport is and why to sign in. */
export function PassportForVisitor() {
  return (
    <div className="container py-5 passport-page">
      <h1 className="mb-3">{PASSPORT_MESSAGES.title}</h1>
      <p className="lead">{PASSPORT_MESSAGES.visitorLead}</p>
      <p>{PASSPORT_MESSAGES.visitorWhy}</p>
      <Link to={PASSPORT_LOGIN_HREF} className="btn btn-warning">
        {PASSPORT_MESSAGES.visitorCta}
      </Link>
    </div>
  );
}

function Progress({ id, label, found, total }: { id: string; label: string; found: number; total: number }) {
  return (
    <div className="passport-progress mb-3">
      <p className="fw-bold mb-1" id={id} data-testid={id}>
        {label}
      </p>
      {/* Text says the count; the bar only draws it. */}
      <div className="passport-progress-bar" aria-hidden="true">
        <span style={{ width: `${total ? Math.round((found / total) * 100) : 0}%` }} />
      </div>
    </div>
  );
}

/** The reader's clan, or the way to choose one. */
function ClanSection({ clan, clanHref }: { clan: Passport["clan"]; clanHref: string }) {
  return (
    <section className="card card-body shadow-sm mb-4 passport-clan" aria-labelledby="pasaporte-clan">
      <h2 id="pasaporte-clan" className="h4">
        {PASSPORT_MESSAGES.clanHeading}
      </h2>
      <div className="d-flex align-items-center gap-3">
        {clan.emblem && <img src={clan.emblem} alt={`Emblema del clan ${clan.name}`} width="80" height="80" />}
        <div>
          <p className="fw-bold mb-1" data-testid="pasaporte-clan-nombre">
            {clan.title}
          </p>
          {clan.id === 0 ? (
            <Link to={clanHref}>{PASSPORT_MESSAGES.noClan}</Link>
          ) : (
            <p className="mb-0">{clan.description}</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The book's chapters: found ones by title, the rest by their hint. */
function ChaptersSection({ chapters }: { chapters: Passport["chapters"] }) {
  return (
    <section className="mb-5" aria-labelledby="pasaporte-capitulos">
      <h2 id="pasaporte-capitulos" className="h3">
        {PASSPORT_MESSAGES.chaptersHeading}
      </h2>
      <Progress
        id="pasaporte-progreso-capitulos"
        label={chapterCount(chapters.found, chapters.total)}
        found={chapters.found}
        total={chapters.total}
      />
      <ol className="row g-3 list-unstyled passport-album">
        {chapters.cards.map((card) => (
          <li key={card.key} className="col-6 col-md-4 col-lg-3">
            {card.found ? (
              <article className="passport-card passport-chapter is-found h-100">
                <p className="passport-card-kicker mb-1">{card.number ? `Capítulo ${card.number}` : "Capítulo"}</p>
                <h3 className="h6 mb-0">
                  <Link to={card.path}>{card.title}</Link>
                </h3>
                {card.started && <p className="passport-started mb-0">{PASSPORT_MESSAGES.started}</p>}
              </article>
            ) : (
              <article className="passport-card passport-chapter is-silhouette h-100">
                <p className="passport-card-kicker mb-1">
                  {card.number ? `Capítulo ${card.number}` : PASSPORT_MESSAGES.pendingChapter}
                </p>
                <p className="passport-hint mb-0">{card.hint}</p>
                {card.started && <p className="passport-started mb-0">{PASSPORT_MESSAGES.started}</p>}
              </article>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The characters: found ones in full colour, the rest as silhouettes with their hint. */
function CharactersSection({ characters }: { characters: Passport["characters"] }) {
  return (
    <section aria-labelledby="pasaporte-personajes">
      <h2 id="pasaporte-personajes" className="h3">
        {PASSPORT_MESSAGES.charactersHeading}
      </h2>
      <Progress
        id="pasaporte-progreso-personajes"
        label={characterCount(characters.found, characters.total)}
        found={characters.found}
        total={characters.total}
      />
      <ul className="row g-3 list-unstyled passport-album">
        {characters.cards.map((card) => (
          <li key={card.key} className="col-6 col-md-4 col-lg-2">
            {card.found ? (
              <article className="passport-card passport-character is-found h-100">
                <img
                  src={card.imageSrc}
                  alt={card.subtitle ? `${card.name}, ${card.subtitle}` : card.name}
                  width="300"
                  height="400"
                  loading="lazy"
                  decoding="async"
                />
                <h3 className="h6 mt-2 mb-0">
                  <Link to={characterCardPath({ id: card.key })}>{card.name}</Link>
                </h3>
              </article>
            ) : (
              <article className="passport-card passport-character is-silhouette h-100">
                <img
                  src={card.imageSrc}
                  alt={PASSPORT_MESSAGES.pendingCharacter}
                  width="300"
                  height="400"
                  loading="lazy"
                  decoding="async"
                />
                <p className="passport-hint mt-2 mb-0">{card.hint}</p>
              </article>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to="/personajes">Ver todos los personajes</Link>
      </p>
    </section>
  );
}

/** A signed-in reader's album: found cards in full colour, the rest as silhouettes with their hint. */
export function PassportAlbum({
  passport,
  clanHref = "/tu-perfil",
  trip,
}: {
  passport: Passport;
  clanHref?: string;
  /** The route's 'Guardar para el viaje' panel (another feature's, composed by the route). */
  trip?: React.ReactNode;
}) {
  const { chapters, characters, clan } = passport;
  return (
    <div className="container py-5 passport-page">
      <h1 className="mb-4">{PASSPORT_MESSAGES.title}</h1>
      {chapters.found === 0 && <p className="lead">{PASSPORT_MESSAGES.newReader}</p>}
      {trip}

      <ClanSection clan={clan} clanHref={clanHref} />

      <ChaptersSection chapters={chapters} />

      <CharactersSection characters={characters} />
    </div>
  );
}
