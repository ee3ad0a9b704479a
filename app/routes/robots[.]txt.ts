import type { Route } from "./+types/robots[.]txt";
import { services } from "../runtime/context.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = services(context).env;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /qr/",
    "Disallow: /tu-perfil",
    "Disallow: /add-character",
    "Disallow: /adminpanel",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
