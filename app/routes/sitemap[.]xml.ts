import type { Route } from "./+types/sitemap[.]xml";
import { services } from "../runtime/context.server.ts";

// Public pages only; chapters behind sign-in are not for search engines.
const PUBLIC_PATHS = [
  "/",
  "/personajes",
  "/capitulos",
  "/el-libro",
  "/eventos",
  "/contact",
  "/privacidad",
  "/salida-a-tzintzuntzan",
];

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = services(context).env;
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
