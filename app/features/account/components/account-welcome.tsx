import { Link } from "react-router";

/**
 * What /tu-perfil says first to a new account (issue 39): that it worked (the account was made,
 * or the e-mail's link confirmed it), and, to an adult, who the account is for. Plain links, so
 * it needs no script: 'Para mí' goes on to the page they came from, the other two to the pages
 * that bring children in.
 */
export type AccountWelcomeView = {
  /** `confirmada`: they came from the confirmation e-mail's link; `nueva`: from the sign-up form. */
  kind: "nueva" | "confirmada";
  /** Only an adult who may bring children in is asked who the account is for. */
  askWho: boolean;
  /** Where 'Para mí' leads: the page they were on before signing up (a safe path). */
  back: string;
};

export const WELCOME_TEXT = {
  nueva: "¡Listo! Tu cuenta está creada y ya entraste.",
  confirmada: "¡Listo! Confirmaste tu correo: tu cuenta está activa y ya entraste.",
  question: "¿Para quién es esta cuenta?",
} as const;

export function AccountWelcome({ kind, askWho, back }: AccountWelcomeView) {
  return (
    <section className="alert alert-success" aria-labelledby="bienvenida-cuenta" data-testid="account-welcome">
      <h2 id="bienvenida-cuenta" className="h5">
        {WELCOME_TEXT[kind]}
      </h2>
      {askWho ? (
        <>
          <p className="mb-2">{WELCOME_TEXT.question}</p>
          <ul className="mb-0">
            <li>
              <Link to={back}>Para mí</Link>: sigue leyendo; tu pasaporte guarda lo que desbloquees.
            </li>
            <li>
              <Link to="/familia">Para mis hijas e hijos</Link>: añade a cada quien como lector, con su apodo y su
              dibujo, sin correo ni contraseña.
            </li>
            <li>
              <Link to="/clases">Para mi clase</Link>: pega la lista de tu clase e imprime una tarjeta para entrar por
              estudiante.
            </li>
          </ul>
        </>
      ) : (
        <p className="mb-0">
          <Link to={back}>Sigue leyendo</Link>
        </p>
      )}
    </section>
  );
}
