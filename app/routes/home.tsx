import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as rootLoader } from "../root.tsx";
import { FamilyDeviceInvite } from "../features/families/components/family-device-invite.tsx";
import { BookPromo } from "../features/book/components/book-promo.tsx";
import { bookPromo } from "../features/book/book-facts.server.ts";
import { specialChapterPath } from "../features/chapters/chapters.server.ts";
import {
  AdventureMap,
  BookWelcome,
  EventsTeaser,
  HomeHero,
  QrExplainer,
  StoryIntro,
} from "../features/home/components/home-blocks.tsx";
import { ReviewsStrip } from "../features/home/components/reviews-strip.tsx";
import { homePageContent } from "../features/home/home-content.server.ts";
import { services } from "../runtime/context.server.ts";
import { SITE_NAME, pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { BOOK_KEY } from "../lib/site-query-keys.ts";

// `?book` (the book's QR code) is read here, so the welcome block is in the first HTML.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, contentCache } = services(context);
  const page = homePageContent({
    siteUrl: env.siteUrl,
    shopUrl: env.SHOP_URL ?? null,
    siteName: SITE_NAME,
    hasBook: new URL(request.url).searchParams.has(BOOK_KEY),
    // The special chapter's slug, never its printed path: content, kept between page views.
    specialChapterPath:
      (await contentCache.remember("special-chapter-path", () => specialChapterPath(db))) ?? "/capitulos",
  });
  return { ...page, promo: bookPromo(env.BOOK_URL) };
}

// The canonical URL stays "/" for /?book: it is the same page.
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.seo.title ?? SITE_NAME,
    description: loaderData?.seo.description,
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    jsonLd: loaderData?.seo.jsonLd,
  });

export default function Home({ loaderData: page }: Route.ComponentProps) {
  // A family's device with nobody in: a child picks their picture from here (issue 39).
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="home-page">
      {root?.familyDevice && !root.user && <FamilyDeviceInvite />}
      <HomeHero hero={page.hero} />
      <div className="container">
        {page.bookWelcome && <BookWelcome welcome={page.bookWelcome} />}
        <AdventureMap map={page.map} />
        <StoryIntro story={page.story} />
        <BookPromo promo={page.promo} headingId="libro-titulo" />
        <QrExplainer qr={page.qr} />
        <EventsTeaser events={page.events} />
        <ReviewsStrip reviews={page.reviews} />
      </div>
    </div>
  );
}
