/** schema.org structured data of the home page: the site and who runs it. */
export function homeJsonLd(options: { siteUrl: string; name: string; description: string; logoPath: string }) {
  const url = new URL("/", options.siteUrl).href;
  const organizationId = `${url}#organizacion`;
  return [
    {
      "@type": "WebSite",
      "@id": `${url}#sitio`,
      name: options.name,
      url,
      description: options.description,
      inLanguage: "es",
      publisher: { "@id": organizationId },
    },
    {
      "@type": "Organization",
      "@id": organizationId,
      name: options.name,
      url,
      logo: new URL(options.logoPath, options.siteUrl).href,
    },
  ];
}
