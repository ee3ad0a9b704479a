import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "../../ui/nonce.tsx";
import { PageViewTracker } from "./components/page-view-tracker.tsx";

const render = (gaMeasurementId: string | null) =>
  renderToString(
    <NonceProvider value="nonce-de-prueba">
      <MemoryRouter initialEntries={["/eventos?taquito"]}>
        <PageViewTracker gaMeasurementId={gaMeasurementId} />
      </MemoryRouter>
    </NonceProvider>,
  );

describe("Google Analytics loader", () => {
  it("loads nothing from Google without a measurement id", () => {
    expect(render(null)).not.toContain("googletagmanager");
  });

  it("loads gtag.js for the measurement id, async, with the page's CSP nonce", () => {
    const html = render("G-TEST123");
    expect(html).toMatch(/<script[^>]*\basync\b/);
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"');
    expect(html).toContain('nonce="nonce-de-prueba"');
  });
});
