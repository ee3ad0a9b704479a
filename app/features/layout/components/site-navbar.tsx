import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { loginHref } from "../../../lib/site-paths.ts";
import { MarigoldShapes } from "../../../ui/marigold.tsx";
import { NAV_LINKS, type Section } from "../sections.ts";

export type NavUser = { displayName: string; email: string };

type Props = {
  activeSection: Section;
  user: NavUser | null;
  /** null while the admin flag is still loading: the admin link stays hidden. */
  isAdmin: boolean | null;
};

/** The part of an e-mail before the @, for readers who have not chosen a display name. */
export const nameForNavbar = (user: NavUser) => user.displayName.trim() || user.email.split("@")[0] || user.email;

export function SiteNavbar({ activeSection, user, isAdmin }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const toggler = useRef<HTMLButtonElement>(null);
  // A link chosen in the collapsed menu closes it.
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the open menu and puts focus back on its button (WAI-ARIA disclosure pattern).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggler.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  // The reader comes back to this page after signing in (never to a login page).
  const loginLink = loginHref(location.pathname + location.search);

  const linkClass = (section: Section) => `nav-link${section === activeSection ? " active" : ""}`;
  const current = (section: Section) => (section === activeSection ? ("page" as const) : undefined);
  // The two admin links share a section; each is current only on its own pages.
  const onAdminPanel = location.pathname === "/adminpanel" || location.pathname.startsWith("/adminpanel/");
  const adminLinkClass = (here: boolean) => `nav-link${here ? " active" : ""}`;

  return (
    <nav className="navbar navbar-expand-lg navbar-dark site-navbar" aria-label="Principal">
      <div className="container">
        <Link to="/" className="navbar-brand" aria-label="Valentina y Taquito, inicio">
          <SiteLogo />
        </Link>
        <button
          ref={toggler}
          type="button"
          className="navbar-toggler"
          aria-controls={menuId}
          aria-expanded={open}
          aria-label={open ? "Cerrar menú" : "Abrir menú"}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id={menuId} className={`collapse navbar-collapse${open ? " show" : ""}`}>
          <ul className="navbar-nav me-auto">
            {NAV_LINKS.map((link) => (
              <li className="nav-item" key={link.to}>
                <Link to={link.to} className={linkClass(link.section)} aria-current={current(link.section)}>
                  {link.label}
                </Link>
              </li>
            ))}
            {user && (
              <li className="nav-item">
                <Link to="/pasaporte" className={linkClass("pasaporte")} aria-current={current("pasaporte")}>
                  Pasaporte
                </Link>
              </li>
            )}
            {user && (
              <li className="nav-item">
                <Link to="/tu-perfil" className={linkClass("perfil")} aria-current={current("perfil")}>
                  Tu perfil
                </Link>
              </li>
            )}
            {user && isAdmin === true && (
              <li className="nav-item">
                <Link
                  to="/add-character"
                  className={adminLinkClass(location.pathname === "/add-character")}
                  aria-current={location.pathname === "/add-character" ? "page" : undefined}
                >
                  Add Character
                </Link>
              </li>
            )}
            {/* The server decides (root loader's admin flag); /adminpanel checks again itself. */}
            {user && isAdmin === true && (
              <li className="nav-item">
                <Link
                  to="/adminpanel"
                  className={adminLinkClass(onAdminPanel)}
                  aria-current={onAdminPanel ? "page" : undefined}
                >
                  Administración
                </Link>
              </li>
            )}
          </ul>
          <div className="navbar-nav align-items-lg-center">
            {user ? (
              <Form method="post" action="/logout" className="d-flex align-items-center gap-2">
                <span className="navbar-text" data-testid="navbar-user">
                  {nameForNavbar(user)}
                </span>
                <button type="submit" className="btn btn-outline-light btn-sm">
                  Salir
                </button>
              </Form>
            ) : (
              <Link to={loginLink} className={`btn btn-warning btn-sm${activeSection === "login" ? " active" : ""}`}>
                Ingresar
              </Link>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}

/** public/images/logo.svg drawn inline: the navbar paints with the HTML, on every page. */
function SiteLogo() {
  const serif = "Georgia,'Times New Roman',serif";
  return (
    <svg viewBox="0 0 240 60" width="160" height="40" aria-hidden="true">
      <MarigoldShapes transform="translate(30 30) scale(2.2)" />
      <circle cx="30" cy="30" r="5" fill="#fff3e0" />
      {/* One text, so that its words read "Valentina y Taquito", the start of the link's name. */}
      <text fontFamily={serif}>
        <tspan x="60" y="30" fontSize="21" fontWeight="bold" fill="#fff3e0">
          Valentina
        </tspan>{" "}
        <tspan x="60" y="50" fontSize="15" fontStyle="italic" fill="#ffb74d">
          y Taquito
        </tspan>
      </text>
    </svg>
  );
}
