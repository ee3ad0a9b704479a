import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { htmlSentOnce, serverHtmlContext } from "./html-sent-once.server.ts";
import { INTERNAL_HEADERS } from "./request.server.ts";

const TEXT = '<p id="parrafo-0">El 31 de octubre amaneció con olor a pan.</p>';
const request = (firstLoad: boolean) =>
  new Request("http://localhost/salida-a-tzintzuntzan", {
    headers: firstLoad ? { [INTERNAL_HEADERS.documentRequest]: "1" } : {},
  });

describe("server-made HTML sent once (decision 085)", () => {
  it("keeps a first load's text out of the data, for the server's render, under a key", () => {
    const context = new RouterContextProvider();
    const sent = htmlSentOnce(context, request(true), TEXT);
    expect(sent.html).toBeNull();
    expect(context.get(serverHtmlContext)?.get(sent.key)).toBe(TEXT);
  });

  it("puts the text in the data of a navigation in the browser, which has no other copy", () => {
    const context = new RouterContextProvider();
    const sent = htmlSentOnce(context, request(false), TEXT);
    expect(sent.html).toBe(TEXT);
    expect(context.get(serverHtmlContext)).toBeNull();
  });

  it("names a text by its content: the same text the same key, an edit a new one", () => {
    const context = new RouterContextProvider();
    const first = htmlSentOnce(context, request(true), TEXT).key;
    expect(htmlSentOnce(context, request(false), TEXT).key).toBe(first);
    expect(htmlSentOnce(context, request(false), TEXT.replace("pan", "pan de muerto")).key).not.toBe(first);
  });
});
