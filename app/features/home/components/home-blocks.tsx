import { Link } from "react-router";
import { LaterImage, MediaRow, SitePicture } from "../../../ui/picture.tsx";
import type { HomeContent } from "../home-content.server.ts";
import { DecoratedFrame } from "./decorated-frame.tsx";

export function HomeHero({ hero }: { hero: HomeContent["hero"] }) {
  return (
    <header className="home-hero">
      <DecoratedFrame>
        <div className="container text-center">
          <h1 className="home-title">{hero.title}</h1>
          <p className="home-tagline">{hero.tagline}</p>
          <p className="lead home-intro">{hero.intro}</p>
          <Link to={hero.start.to} className="btn btn-warning btn-lg">
            {hero.start.label}
          </Link>
          <SitePicture picture={hero.image} priority className="img-fluid home-hero-image" />
        </div>
      </DecoratedFrame>
    </header>
  );
}

/** Shown only to readers who arrive from the book's QR code (/?book). */
export function BookWelcome({ welcome }: { welcome: NonNullable<HomeContent["bookWelcome"]> }) {
  return (
    <section className="book-welcome page-block" aria-labelledby="bienvenida-libro-titulo" data-testid="book-welcome">
      <h2 id="bienvenida-libro-titulo">{welcome.heading}</h2>
      {welcome.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="d-flex flex-wrap gap-2">
        <Link to={welcome.start.to} className="btn btn-warning">
          {welcome.start.label}
        </Link>
        <Link to={welcome.login.to} className="btn btn-outline-light">
          {welcome.login.label}
        </Link>
        <Link to={welcome.adults.to} className="btn btn-outline-light">
          {welcome.adults.label}
        </Link>
      </div>
    </section>
  );
}

export function AdventureMap({ map }: { map: HomeContent["map"] }) {
  return (
    <section className="adventure-map page-block" aria-labelledby="mapa-titulo">
      <h2 id="mapa-titulo">{map.heading}</h2>
      <p>{map.intro}</p>
      <ul className="row gy-4 list-unstyled">
        {map.tiles.map((tile) => (
          // Three tiles (no shop configured) share a row evenly instead of leaving a hole.
          <li className={map.tiles.length === 4 ? "col-6 col-lg-3" : "col-12 col-sm-4"} key={tile.to}>
            <Link to={tile.to} className="map-tile card">
              {/* Below the first screen at every width: it waits until the page works (decision 088). */}
              <LaterImage
                src={tile.image.src}
                alt=""
                width={tile.image.width}
                height={tile.image.height}
                className="card-img-top"
              />
              <span className="card-body">
                <span className="map-tile-label">{tile.label}</span>
                <span className="map-tile-hint">{tile.hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StoryIntro({ story }: { story: HomeContent["story"] }) {
  return (
    <section className="story-intro page-block" aria-labelledby="historia-titulo">
      <h2 id="historia-titulo">{story.heading}</h2>
      {story.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <Link to={story.firstChapter.to} className="btn btn-primary">
          {story.firstChapter.label}
        </Link>
      </p>
      <p className="mb-0">
        {story.extraChapter.text} <Link to={story.extraChapter.to}>{story.extraChapter.label}</Link>
      </p>
    </section>
  );
}

export function QrExplainer({ qr }: { qr: HomeContent["qr"] }) {
  return (
    <MediaRow picture={qr.image} className="qr-explainer" headingId="qr-titulo">
      <h2 id="qr-titulo">{qr.heading}</h2>
      {qr.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        {qr.adults.text} <Link to={qr.adults.to}>{qr.adults.label}</Link>
      </p>
      <p className="mb-0">
        {qr.special.text} <Link to={qr.special.to}>{qr.special.label}</Link>
      </p>
    </MediaRow>
  );
}

export function EventsTeaser({ events }: { events: HomeContent["events"] }) {
  return (
    <section className="events-teaser page-block text-center" aria-labelledby="eventos-titulo">
      <h2 id="eventos-titulo">{events.heading}</h2>
      <p>{events.text}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={events.reserve.to} className="btn btn-success">
          {events.reserve.label}
        </Link>
        <Link to={events.all.to} className="btn btn-outline-primary">
          {events.all.label}
        </Link>
      </div>
    </section>
  );
}
