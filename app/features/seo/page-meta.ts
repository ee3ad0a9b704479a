import type { MetaDescriptor } from "react-router";
import { SITE_PREVIEW_PATH } from "./link-preview-card.ts";

export const SITE_NAME = "Valentina y Taquito";
export const DEFAULT_DESCRIPTION =
  "El sitio del libro Valentina y Taquito: escanea los códigos QR del libro para desbloquear capítulos y personajes del Día de Muertos.";

type PageMetaOptions = {
  title: string;
  description?: string;
  /** Path of the canonical URL, with its query if it matters. */
  path: string;
  siteUrl: string;
  robots?: string;
  /** The link preview: a 1200×630 PNG card (link-preview-card.ts); the site's card by default. */
  image?: string;
  type?: "website" | "article" | "book" | "profile";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

/** Every screen's head: title, description, robots, social cards, canonical link, JSON-LD. */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const title = options.title === SITE_NAME ? SITE_NAME : `${options.title} | ${SITE_NAME}`;
  const description = options.description ?? DEFAULT_DESCRIPTION;
  const url = new URL(options.path, options.siteUrl).href;
  const image = new URL(options.image ?? SITE_PREVIEW_PATH, options.siteUrl).href;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: options.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_MX" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    // PREVIEW_WIDTH × PREVIEW_HEIGHT (link-preview-card.ts), written out: this runs in the browser too.
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  const jsonLd = Array.isArray(options.jsonLd) ? options.jsonLd : options.jsonLd ? [options.jsonLd] : [];
  for (const item of jsonLd) descriptors.push({ "script:ld+json": { "@context": "https://schema.org", ...item } });
  return descriptors;
}

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site origin, read from the root loader's data inside a route's `meta`. */
export function siteUrlFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}
