import type { ReactNode } from "react";
import { Link } from "react-router";
import { LaterImage } from "../../../ui/picture.tsx";

const SOCIAL_LINKS = [
  {
    href: "https://www.instagram.com/",
    label: "Instagram",
    path: "M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4ZM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4ZM7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm0 1.8A3.2 3.2 0 0 0 3.8 7v10A3.2 3.2 0 0 0 7 20.2h10a3.2 3.2 0 0 0 3.2-3.2V7A3.2 3.2 0 0 0 17 3.8H7Z",
  },
  {
    href: "https://www.facebook.com/",
    label: "Facebook",
    path: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z",
  },
  {
    href: "https://www.youtube.com/",
    label: "YouTube",
    path: "M22 8.2c-.2-1.6-1-2.7-2.7-2.9C16.9 5 12 5 12 5s-4.9 0-7.3.3C3 5.5 2.2 6.6 2 8.2 1.8 9.4 1.8 12 1.8 12s0 2.6.2 3.8c.2 1.6 1 2.7 2.7 2.9 2.4.3 7.3.3 7.3.3s4.9 0 7.3-.3c1.7-.2 2.5-1.3 2.7-2.9.2-1.2.2-3.8.2-3.8s0-2.6-.2-3.8ZM10 15.2V8.8l5.2 3.2L10 15.2Z",
  },
];

/** `children`: more footer links the root composes in (the analytics choice, when there is one). */
export function SiteFooter({ year, children }: { year: number; children?: ReactNode }) {
  return (
    <footer className="site-footer py-4">
      <div className="container">
        <div className="row gy-3 align-items-center">
          <div className="col-md-4 d-flex flex-wrap gap-3">
            <Link to="/contact" className="footer-link">
              Contacto
            </Link>
            <Link to="/privacidad" className="footer-link">
              Privacidad
            </Link>
            {children}
          </div>
          <div className="col-md-4">
            <ul
              className="list-unstyled d-flex gap-1 mb-0 justify-content-md-center social-links"
              aria-label="Redes sociales"
            >
              {SOCIAL_LINKS.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.href}
                    className="footer-link social-link"
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${social.label} (abre en otra pestaña)`}
                  >
                    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                      <path d={social.path} fill="currentColor" />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-md-4 d-flex gap-3 justify-content-md-end">
            <LaterImage
              src="/images/publishers/editorial-luna.svg"
              alt="Editorial Luna"
              width="120"
              height="45"
              className="publisher-logo"
            />
            <LaterImage
              src="/images/publishers/ediciones-ofrenda.svg"
              alt="Ediciones Ofrenda"
              width="120"
              height="45"
              className="publisher-logo"
            />
          </div>
        </div>
        <p className="text-center small mt-3 mb-0">© {year} Valentina y Taquito. Todos los derechos reservados.</p>
      </div>
    </footer>
  );
}
