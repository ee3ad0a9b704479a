import { Link } from "react-router";

/** Why a reader came to /login, when the page they came from says it (the login loader decides). */
export type LoginReason = "chapter" | "passport" | null;

const REASON_TEXT: Record<Exclude<LoginReason, null>, string> = {
  chapter: "Inicia sesión para abrir este capítulo y guardar lo que desbloqueas.",
  passport: "Inicia sesión para ver tu pasaporte y todo lo que has encontrado.",
};

/** /login: what an account gives a reader, in a few words, and why they were sent here. */
export function AccountBenefits({ reason }: { reason: LoginReason }) {
  return (
    <section className="account-benefits mb-4" aria-labelledby="account-benefits-title">
      {reason && <p className="fw-bold">{REASON_TEXT[reason]}</p>}
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
      </ul>
    </section>
  );
}
