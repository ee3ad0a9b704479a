import { prerender } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "../../ui/nonce.tsx";
import { consentFromCookies, type ConsentChoice } from "./analytics-consent.ts";
import { PageViewTracker } from "./components/page-view-tracker.tsx";

/** The server's HTML once everything has loaded (the GA part is a lazily loaded module). */
async function render(gaMeasurementId: string | null, consent: ConsentChoice = null) {
  const { prelude } = await prerender(
    <NonceProvider value="nonce-de-prueba">
      <MemoryRouter initialEntries={["/eventos?taquito"]}>
        <PageViewTracker gaMeasurementId={gaMeasurementId} initialConsent={consent} />
      </MemoryRouter>
    </NonceProvider>,
  );
  return new Response(prelude).text();
}

describe("Google Analytics loader", () => {
  it("loads nothing from Google and asks nothing without a measurement id", async () => {
    const html = await render(null, "granted");
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("Aceptar");
  });

  it("asks first, in Spanish, and loads nothing from Google before an answer", async () => {
    const html = await render("G-TEST123");
    expect(html).not.toContain("googletagmanager");
    expect(html).toContain("¿Podemos contar tus visitas con Google?");
    expect(html).toMatch(/<button[^>]*>Aceptar<\/button>/);
    expect(html).toMatch(/<button[^>]*>Rechazar<\/button>/);
  });

  it("loads nothing from Google after 'Rechazar', and does not ask again", async () => {
    const html = await render("G-TEST123", "denied");
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("Aceptar");
  });

  it("after 'Aceptar', loads gtag.js for the measurement id, async, with the page's CSP nonce", async () => {
    const html = await render("G-TEST123", "granted");
    expect(html).toMatch(/<script[^>]*\basync\b/);
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"');
    expect(html).toContain('nonce="nonce-de-prueba"');
    expect(html).not.toContain("Aceptar");
  });
});

describe("the analytics choice cookie", () => {
  it.each([
    [null, null],
    ["", null],
    ["analiticas=si", "granted"],
    ["otra=1; analiticas=no; x=y", "denied"],
    ["analiticas=quizas", null],
    ["noanaliticas=si", null],
  ] as const)("reads %j as %j", (header, choice) => {
    expect(consentFromCookies(header)).toBe(choice);
  });
});
