import type { GlossaryEntry } from "../glossary-entry.ts";

/** /glosario's list: each word with its meaning, English gloss, picture and recording. */
export function GlossaryList({ words }: { words: readonly GlossaryEntry[] }) {
  if (words.length === 0) return <p>Todavía no has encontrado palabras del glosario.</p>;
  return (
    <>
      <h2 className="h5">{words.length === 1 ? "1 palabra" : `${words.length} palabras`}</h2>
      <ul className="list-unstyled glossary-list">
        {words.map((word) => (
          <li key={word.id} id={word.id} className="card card-body mb-3" data-testid="glossary-entry">
            <div className="d-flex gap-3 align-items-start">
              {word.imageUrl && (
                <img src={word.imageUrl} alt={word.imageAlt} className="glossary-list-image" loading="lazy" />
              )}
              <div className="glossary-list-text">
                <h3 className="h5 mb-1">{word.word}</h3>
                {word.english && (
                  <p className="mb-1">
                    En inglés: <i lang="en">{word.english}</i>
                  </p>
                )}
                <p className="mb-2">{word.meaning}</p>
                {word.audioUrl && (
                  <audio controls preload="none" src={word.audioUrl} aria-label={`Escuchar ${word.word}`} />
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
