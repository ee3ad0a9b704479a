import { data } from "react-router";
import type { Route } from "./+types/adminpanel.imagenes";
import { storeUpload, UPLOAD_MESSAGES } from "../features/media/images.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

/** POST a multipart `file`: admins upload images for chapters and characters (server/app.ts lets 6 MB through here). */
export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File)) return data({ ok: false as const, error: UPLOAD_MESSAGES.missing }, { status: 400 });
  const result = await storeUpload(services(context).db, new Uint8Array(await file.arrayBuffer()));
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  return { ok: true as const, url: result.url };
}
