import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.mensajes";
import { ContactInbox, type MessageActionResult } from "../features/contact/components/contact-inbox.tsx";
import { CONTACT_MESSAGES } from "../features/contact/contact-messages.ts";
import { listContactMessages, setMessageHandled } from "../features/contact/contact.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const spam = url.searchParams.get("spam") === "1";
  const { messages, total, spamTotal, waiting } = await listContactMessages(services(context).db, { spam });
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    spam,
    total,
    spamTotal,
    waiting,
    messages: messages.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
      nextAttemptAt: iso(message.nextAttemptAt),
      deliveredAt: iso(message.deliveredAt),
      handledAt: iso(message.handledAt),
    })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin({ url, context });
  const form = await request.formData();
  const id = form.get("id");
  const intent = form.get("intent");
  if (intent === "retry") {
    // 'Reintentar ahora' after a mail outage: every waiting message is due now (issue 41).
    const { contactMailer, db } = services(context);
    if (!contactMailer.enabled)
      return data<MessageActionResult>({ ok: false, message: CONTACT_MESSAGES.inboxRetryNoMail }, { status: 503 });
    const tried = await contactMailer.retryNow();
    const { waiting } = await listContactMessages(db, { spam: false });
    return { ok: true, message: CONTACT_MESSAGES.inboxRetried(Math.max(0, tried - waiting), waiting) };
  }
  if (typeof id !== "string" || !id || (intent !== "handle" && intent !== "reopen")) {
    return data<MessageActionResult>({ ok: false, message: CONTACT_MESSAGES.inboxInvalidRequest }, { status: 400 });
  }
  const found = await setMessageHandled(services(context).db, id, intent === "handle");
  if (!found)
    return data<MessageActionResult>({ ok: false, message: CONTACT_MESSAGES.inboxMessageGone }, { status: 404 });
  return {
    ok: true,
    message: intent === "handle" ? CONTACT_MESSAGES.inboxHandled : CONTACT_MESSAGES.inboxReopened,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Mensajes de contacto",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function ContactMessagesPage() {
  return <ContactInbox {...useLoaderData<typeof loader>()} />;
}
