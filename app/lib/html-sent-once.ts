/**
 * Server-made HTML (a chapter's text, its reading controls) that travels in a page once
 * (decision 085): made by html-sent-once.server.ts, shown by app/ui/html-sent-once-block.tsx.
 */
export type HtmlSentOnce = {
  /** Names this text: a hash of it, so an author's edit or a new setting is a new key. */
  key: string;
  /** The text, or null when the server's render of this page carries it and the data does not. */
  html: string | null;
};

/** The attribute that finds, in the page the server sent, the element holding a text. */
export const HTML_SENT_ONCE_ATTRIBUTE = "data-sent-once";
