import type { Route } from "./+types/adminpanel.qr.$file";
import { qrCodeExists, qrCodeImage } from "../features/qr/qr-studio.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

/** /adminpanel/qr/<code>.svg and .png: the print-ready image of a code, for admins only. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const match = /^([a-z0-9-]{1,64})\.(svg|png)$/.exec(params.file ?? "");
  const { db, env } = services(context);
  if (!match || !(await qrCodeExists(db, match[1]!))) return new Response("Código no encontrado.", { status: 404 });
  const [, code, format] = match as unknown as [string, string, "svg" | "png"];
  const image = await qrCodeImage(env.siteUrl, code, format);
  return new Response(typeof image === "string" ? image : new Uint8Array(image), {
    headers: {
      "Content-Type": format === "svg" ? "image/svg+xml; charset=utf-8" : "image/png",
      "Content-Disposition": `attachment; filename="qr-${code}.${format}"`,
      // The image follows SITE_URL and the code's existence: never cached by a shared cache.
      "Cache-Control": "private, no-cache",
    },
  });
}
