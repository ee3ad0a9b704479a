import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.eventos";
import { EventEditor, type EventActionResult } from "../features/events/components/event-editor.tsx";
import { EVENT_MESSAGES, parseEventForm } from "../features/events/event.schema.ts";
import { createEvent, deleteEvent, listEventsForEditor, updateEvent } from "../features/events/events.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  return { events: await listEventsForEditor(services(context).db, new Date()) };
}

/** Add, save or delete one event. Admins only; bad input answers 400 and writes nothing. */
export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = typeof form.get("id") === "string" ? String(form.get("id")) : "";
  const key = id || "nuevo";
  const fail = (status: number, message: string, errors?: EventActionResult["errors"]) =>
    data<EventActionResult>({ key, ok: false, message, errors }, { status });

  if (intent === "delete") {
    if (!id || !(await deleteEvent(db, id))) return fail(404, EVENT_MESSAGES.notFound);
    return { key, ok: true, message: EVENT_MESSAGES.deleted };
  }
  if (intent !== "add" && intent !== "save") return fail(400, EVENT_MESSAGES.invalid);
  const parsed = parseEventForm(form);
  if (!parsed.ok) return fail(400, EVENT_MESSAGES.invalid, parsed.errors);
  if (intent === "add") {
    await createEvent(db, parsed.data);
    return { key, ok: true, message: EVENT_MESSAGES.added };
  }
  if (!id || !(await updateEvent(db, id, parsed.data))) return fail(404, EVENT_MESSAGES.notFound);
  return { key, ok: true, message: EVENT_MESSAGES.saved };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Eventos", path: location.pathname, siteUrl: siteUrlFrom(matches), robots: "noindex, nofollow" });

export default function AdminEventsPage() {
  return <EventEditor {...useLoaderData<typeof loader>()} />;
}
