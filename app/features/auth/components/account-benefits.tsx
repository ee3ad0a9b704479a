import { Link } from "react-router";
import type { LoginMode } from "../login-request.ts";

/**
 * Why a reader came to /login, when the address says it (the login loader decides):
 * - `discovery`: the chapter page they reached by scanning a code invited them to keep it;
 * - `chapter`: a chapter that needs an account (its code, or its slug) sent them here;
 * - `open-chapter`: a chapter open to everyone, whose comment box asks for an account;
 * - `passport`, `collection`: their passport, or the characters page.
 */
export type LoginReason = "discovery" | "chapter" | "open-chapter" | "passport" | "collection" | null;

const REASON_TEXT: Record<Exclude<LoginReason, null>, Record<LoginMode, string>> = {
  discovery: {
    login: "Ingresa para guardar lo que descubriste con el código.",
    signup: "Crea tu cuenta para guardar lo que descubriste con el código.",
  },
  chapter: {
    login: "Inicia sesión para abrir este capítulo y guardar lo que desbloqueas.",
    signup: "Crea tu cuenta para abrir este capítulo y guardar lo que desbloqueas.",
  },
  "open-chapter": {
    login: "Inicia sesión para comentar este capítulo y guardar lo que descubres.",
    signup: "Crea tu cuenta para comentar este capítulo y guardar lo que descubres.",
  },
  passport: {
    login: "Inicia sesión para ver tu pasaporte y todo lo que has encontrado.",
    signup: "Crea tu cuenta para tener tu pasaporte y guardar todo lo que encuentres.",
  },
  collection: {
    login: "Ingresa para ver los personajes que ya descubriste.",
    signup: "Crea tu cuenta para guardar los personajes que descubras.",
  },
};

/** /login: what an account gives a reader, in a few words, and why they were sent here. */
export function AccountBenefits({ reason, mode }: { reason: LoginReason; mode: LoginMode }) {
  return (
    <section className="account-benefits mb-4" aria-labelledby="account-benefits-title">
      {reason && <p className="fw-bold">{REASON_TEXT[reason][mode]}</p>}
      <h2 id="account-benefits-title" className="h6">
        Con tu cuenta puedes:
      </h2>
      <ul className="mb-0">
        <li>
          Guardar en <Link to="/pasaporte">tu pasaporte</Link> los capítulos y personajes que encuentras con los códigos
          QR del libro.
        </li>
        <li>Comentar los capítulos.</li>
        <li>Unirte a un clan del inframundo.</li>
        <li>
          Si eres una persona adulta: añadir a tus hijas e hijos, o a toda tu clase, como lectores, cada quien con su
          apodo y sin correo.
        </li>
      </ul>
    </section>
  );
}
