/**
 * Server-made HTML (a chapter's text, its reading controls) that travels in the page once
 * (issue 38): the loader hands the page's data a key and no text on a page's first load, and
 * the text goes to the server's render beside the data (app/lib/html-sent-once.server.ts,
 * provided by entry.server.tsx). The browser never reads it from the data: Preact and React
 * leave a `dangerouslySetInnerHTML` element as the server wrote it when they hydrate, and this
 * keeps the text the element held then for any later render of the same key.
 */
import { createContext, useContext } from "react";
import { HTML_SENT_ONCE_ATTRIBUTE, type HtmlSentOnce } from "../lib/html-sent-once.ts";

const ServerHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);

/** entry.server.tsx: the texts this request's loaders kept out of the page's data. */
export const ServerHtmlProvider = ServerHtmlContext.Provider;

/** Each text the browser has shown, by key: read once from the server's element, or from data. */
const shownInBrowser = new Map<string, string>();

function useHtml({ key, html }: HtmlSentOnce): string {
  const serverHtml = useContext(ServerHtmlContext);
  if (typeof document === "undefined") return html ?? serverHtml?.get(key) ?? "";
  const shown = shownInBrowser.get(key);
  // The same text again (a live update, a comment posted): the element is left as it is, and
  // what a script did inside it ('Léemelo' lighting a word) with it.
  if (shown !== undefined) return shown;
  // A key is base64url: safe between the selector's quotes as it is.
  const element = document.querySelector(`[${HTML_SENT_ONCE_ATTRIBUTE}="${key}"]`);
  const text = html ?? element?.innerHTML ?? "";
  shownInBrowser.set(key, text);
  return text;
}

/** A `<div>` holding server-made HTML that the page's data carried at most once. */
export function HtmlSentOnceBlock({ content, className }: { content: HtmlSentOnce; className: string }) {
  return (
    <div
      className={className}
      {...{ [HTML_SENT_ONCE_ATTRIBUTE]: content.key }}
      dangerouslySetInnerHTML={{ __html: useHtml(content) }}
      suppressHydrationWarning
    />
  );
}
