import { createContext, useContext } from "react";
import { useNonce } from "./nonce.tsx";

const SiteStylesContext = createContext("");

/** entry.server.tsx provides the compiled stylesheet (app/styles/app.scss) as text. */
export const SiteStylesProvider = SiteStylesContext.Provider;

/**
 * The whole stylesheet inside the page's <head> (decision 021), so the first paint waits for
 * nothing but the HTML: on a phone after a QR scan a separate stylesheet cost a round trip, and
 * shared the connection with the scripts. The browser never gets the text again: React leaves
 * the server's <style> as it is when it hydrates (it does not compare or rewrite
 * dangerouslySetInnerHTML), and every later render passes the same empty string, so it never
 * updates it either.
 */
export function SiteStyles() {
  const nonce = useNonce();
  const css = useContext(SiteStylesContext);
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
