import { Link } from "react-router";
import type { ChapterDiscovery } from "../chapter-discovery.ts";

/** Opens a chapter reached by its code while signed out: what the scan would collect, and how to keep it. */
export function ChapterDiscoveryNote({ discovery }: { discovery: ChapterDiscovery }) {
  return (
    <aside className="chapter-discovery" aria-labelledby="chapter-discovery-title">
      {discovery.characters.length > 0 && (
        <ul className="chapter-discovery-cards list-unstyled">
          {discovery.characters.map((character) => (
            <li key={character.name}>
              <img src={character.imageSrc} alt={character.imageAlt} width="48" height="64" />
            </li>
          ))}
        </ul>
      )}
      <div className="chapter-discovery-text">
        <h2 id="chapter-discovery-title">{discovery.heading}</h2>
        <p>
          {discovery.text} {discovery.keep}
        </p>
        <p className="chapter-discovery-actions">
          <Link to={discovery.signUp.to} className="btn btn-warning btn-sm">
            {discovery.signUp.label}
          </Link>
          <Link to={discovery.signIn.to}>{discovery.signIn.label}</Link>
        </p>
      </div>
    </aside>
  );
}
