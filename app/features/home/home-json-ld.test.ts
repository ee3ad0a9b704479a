import { describe, expect, it } from "vitest";
import { homeJsonLd } from "./home-json-ld.ts";

describe("homeJsonLd", () => {
  const [website, organization] = homeJsonLd({
    siteUrl: "https://ejemplo.mx",
    name: "Valentina y Taquito",
    description: "El sitio del libro.",
    logoPath: "/images/logo.svg",
  });

  it("describes a Spanish WebSite published by the Organization", () => {
    expect(website).toMatchObject({
      "@type": "WebSite",
      url: "https://ejemplo.mx/",
      inLanguage: "es",
      publisher: { "@id": organization!["@id"] },
    });
  });

  it("gives the Organization an absolute logo", () => {
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: "Valentina y Taquito",
      logo: "https://ejemplo.mx/images/logo.svg",
    });
  });
});
