import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { loginHref } from "../../../lib/site-paths.ts";
import { MarigoldShapes } from "../../../ui/marigold.tsx";
import { NAV_LINKS, type Section } from "../sections.ts";

/**
 * `name`: what the server chose to show (never the e-mail nor part of it). `childReader`: a
 * family's child or a class's student (issue 22), who has no profile page.
 */
export type NavUser = { name: string; childReader?: boolean };

type Props = {
  activeSection: Section;
  user: NavUser | null;
  /** null while the admin flag is still loading: the admin link stays hidden. */
  isAdmin: boolean | null;
  /** This device remembers a family: '¿Quién lee?' one tap away (DESIGN.md, fourth round). */
  familyDevice?: boolean;
};

export function SiteNavbar({ activeSection, user, isAdmin, familyDevice }: Props) {
  const [open, setOpen] = useState(false);
  const child = user?.childReader;
  const menuId = useId();
  const location = useLocation();
  const toggler = useRef<HTMLButtonElement>(null);
  // A link chosen in the collapsed menu closes it.
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the open menu and puts focus back on its button (WAI-ARIA disclosure pattern).
  // Listening from the render that opens it: an effect runs a frame later in the browser's Preact
  // (decision 083), and an Escape pressed as the menu appeared was lost.
  useLayoutEffect(() => {
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

  // Who is in, and their 'Salir': a child is greeted (a shared tablet shows who reads, issue 39).
  // A long name is cut with an ellipsis in the menu's row (which must fit); the title keeps it whole.
  const who = user && (
    <Form method="post" action="/logout" className="d-flex align-items-center gap-2">
      <span className="navbar-text" title={user.name}>
        {child && "¡Hola, "}
        <span data-testid="navbar-user">{user.name}</span>
        {child && "!"}
      </span>
      <button type="submit" className="btn btn-outline-light btn-sm">
        Salir
      </button>
    </Form>
  );

  return (
    <nav className="navbar navbar-expand-xl navbar-dark site-navbar" aria-label="Principal">
      {/* Full width up to 1400 px: an admin's row (about 1,160 px) fits from 1200 px on. */}
      <div className="container-xxl">
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
        {/* A shared device: '¿Quién lee?', and who reads with their 'Salir', stay in sight outside
            the menu (a row of their own on a phone, after the logo from 1200 px on; none when empty). */}
        <div className="navbar-quick">
          {familyDevice && (
            <Link to="/quien-lee" className="btn btn-warning btn-sm">
              ¿Quién lee?
            </Link>
          )}
          {child && who}
        </div>
        <div id={menuId} className={`collapse navbar-collapse${open ? " show" : ""}`}>
          <MenuLinks activeSection={activeSection} user={user} isAdmin={isAdmin} />
          <div className="navbar-nav align-items-xl-center">
            {user ? (
              !child && who
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

/** The menu's links: the book's sections, then the signed-in reader's own pages and the admin's. */
function MenuLinks({ activeSection, user, isAdmin }: Omit<Props, "familyDevice">) {
  const child = user?.childReader;
  const linkClass = (section: Section) => `nav-link${section === activeSection ? " active" : ""}`;
  const current = (section: Section) => (section === activeSection ? ("page" as const) : undefined);
  return (
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
      {user && !child && (
        <li className="nav-item">
          <Link to="/tu-perfil" className={linkClass("perfil")} aria-current={current("perfil")}>
            Tu perfil
          </Link>
        </li>
      )}
      {/* The server decides (root loader's admin flag); each admin page checks again itself. */}
      {user && isAdmin === true && <AdminMenu />}
    </ul>
  );
}

/**
 * The admin pages, behind one 'Administrar' disclosure so that the navbar stays one row at
 * laptop widths. A native <details>: it opens by mouse and keyboard even before the scripts
 * arrive; Escape, a click elsewhere and a new page close it.
 */
function AdminMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const onEditor = location.pathname === "/add-character";
  const onAdminPanel = location.pathname === "/adminpanel" || location.pathname.startsWith("/adminpanel/");
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        // The innermost disclosure closes first: the phone menu around it stays open.
        event.stopImmediatePropagation();
      } else if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);
  const itemClass = (here: boolean) => `admin-menu-item${here ? " active" : ""}`;
  return (
    <li className="nav-item">
      <details className="admin-menu" ref={menu}>
        <summary className={`nav-link${onEditor || onAdminPanel ? " active" : ""}`}>Administrar</summary>
        <ul className="admin-menu-list list-unstyled">
          <li>
            <Link to="/add-character" className={itemClass(onEditor)} aria-current={onEditor ? "page" : undefined}>
              Add Character
            </Link>
          </li>
          <li>
            <Link to="/adminpanel" className={itemClass(onAdminPanel)} aria-current={onAdminPanel ? "page" : undefined}>
              Administración
            </Link>
          </li>
        </ul>
      </details>
    </li>
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
