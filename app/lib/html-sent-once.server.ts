import { createHash } from "node:crypto";
import { createContext, type RouterContextProvider } from "react-router";
import type { HtmlSentOnce } from "./html-sent-once.ts";
import { INTERNAL_HEADERS } from "./request.server.ts";

/** The texts a page's first load keeps out of its data, for entry.server.tsx's render. */
export const serverHtmlContext = createContext<Map<string, string> | null>(null);

/**
 * Server-made HTML for the page's data (app/ui/html-sent-once-block.tsx). On a page's first load (a
 * document request, as our server marks it) the text goes to the render alone and the data
 * carries its key: the page would otherwise hold it twice, as HTML and again escaped inside the
 * data, the larger part of a chapter page's bytes after its stylesheet. A navigation in the
 * browser (the page's `.data`) gets the text in the data, as it has no other.
 */
export function htmlSentOnce(
  context: Readonly<RouterContextProvider>,
  request: Request | undefined,
  html: string,
): HtmlSentOnce {
  const key = createHash("sha256").update(html).digest("base64url").slice(0, 16);
  if (request?.headers.get(INTERNAL_HEADERS.documentRequest) !== "1") return { key, html };
  let kept = context.get(serverHtmlContext);
  if (!kept) {
    kept = new Map();
    (context as RouterContextProvider).set(serverHtmlContext, kept);
  }
  kept.set(key, html);
  return { key, html: null };
}
