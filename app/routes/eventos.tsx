import type { Route } from "./+types/eventos";
import { AuthorCards } from "../features/book/components/author-cards.tsx";
import { BookPromo } from "../features/book/components/book-promo.tsx";
import { BOOK_COVER, BOOK_PUBLISHER, bookAuthors, bookPromo } from "../features/book/book-facts.server.ts";
import { EventCalendar } from "../features/events/components/event-calendar.tsx";
import { eventsPageContent } from "../features/events/events-content.server.ts";
import { listScheduledEvents } from "../features/events/events.server.ts";
import { services } from "../runtime/context.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

// The welcome line is chosen here, on the server, so the reader who scans an event's QR code
// (/eventos?taquito) gets it in the first HTML.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = services(context);
  const now = new Date();
  const page = eventsPageContent(
    new URL(request.url).searchParams,
    { siteUrl: env.siteUrl, organizer: BOOK_PUBLISHER.name, imagePath: BOOK_COVER.src, now },
    await listScheduledEvents(db, now),
  );
  return { ...page, promo: bookPromo(env.BOOK_URL), authors: bookAuthors() };
}

// The canonical URL is the bare path: every welcome key shows the same calendar.
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.seo.title ?? "Eventos",
    description: loaderData?.seo.description,
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    jsonLd: loaderData?.seo.jsonLd,
  });

export default function EventsPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="container py-4 events-page">
      <header className="events-welcome page-block text-center">
        <p className="page-kicker">{page.kicker}</p>
        <h1>{page.heading}</h1>
        <p className="lead mb-0" data-testid="welcome-line" data-welcome-key={page.welcome.key ?? "general"}>
          {page.welcome.line}
        </p>
      </header>
      <EventCalendar calendar={page.calendar} />
      <BookPromo promo={page.promo} headingId="libro-titulo" />
      <AuthorCards content={page.authors} />
    </div>
  );
}
