import type { Route } from "./+types/contact";
import { ContactForm } from "../features/contact/components/contact-form.tsx";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

const TITLE = "Contacto";
const DESCRIPTION =
  "Escríbenos sobre el libro Valentina y Taquito: dudas de lectores, presentaciones, visitas a escuelas y bibliotecas. Te respondemos por correo.";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({
    title: TITLE,
    description: DESCRIPTION,
    path: location.pathname,
    siteUrl,
    jsonLd: {
      "@type": "ContactPage",
      name: TITLE,
      description: DESCRIPTION,
      url: new URL(location.pathname, siteUrl).href,
      inLanguage: "es",
    },
  });
};

export default function ContactPage() {
  return (
    <div className="container py-5 contact-page">
      <h1 className="mb-3">Contacto</h1>
      <p className="lead mb-4">¿Tienes una pregunta sobre el libro o quieres invitarnos a tu escuela? Escríbenos.</p>
      <ContactForm />
    </div>
  );
}
