import { Form, Link, useNavigation } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { CARD_COPIES, cardInstructions } from "../family-messages.ts";

export type PrintedCard = { url: string; qr: string; copies: number };

/**
 * /familia/<lector>/tarjeta: one child's login card, in as many copies as the adult asks (one to
 * keep at home and a spare by default), each in a cut-out frame of dashed lines, under a few
 * lines that say what the card is and what to do with it; the sheet prints on one A4 page (print
 * CSS in _site.scss). Printing makes a new card, and the previous one stops working at once, so
 * a lost card is fixed by printing another.
 */
export function LoginCardSheet({
  apodo,
  pictureSrc,
  card,
  hadCard,
  familyUrl,
  copiesError,
}: {
  apodo: string;
  pictureSrc: string;
  card: PrintedCard | null;
  hadCard: boolean;
  /** Where a new card is made (the public address of /familia). */
  familyUrl: string;
  copiesError?: string;
}) {
  return (
    <div className="container py-4 family-card-sheet">
      <p className="d-print-none">
        <Link to="/familia">← Tu familia</Link>
      </p>
      <h1 className="h3">Tarjeta para entrar de {apodo}</h1>
      {card ? (
        <PrintableCopies apodo={apodo} pictureSrc={pictureSrc} card={card} familyUrl={familyUrl} />
      ) : (
        <MakeCardForm apodo={apodo} hadCard={hadCard} copiesError={copiesError} />
      )}
    </div>
  );
}

type PrintableCopiesProps = { apodo: string; pictureSrc: string; card: PrintedCard; familyUrl: string };

/** The card just made: how to print it, what it is for, and its copies to cut out. */
function PrintableCopies({ apodo, pictureSrc, card, familyUrl }: PrintableCopiesProps) {
  return (
    <>
      <p className="d-print-none">
        Imprime esta hoja y recorta las tarjetas por la línea de puntos.{" "}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Imprimir
        </button>
      </p>
      <div className="login-card-instructions" data-testid="card-instructions">
        {cardInstructions(apodo, familyUrl).map((line) => (
          <p key={line} className="mb-1">
            {line}
          </p>
        ))}
      </div>
      <ul className="list-unstyled login-card-grid">
        {Array.from({ length: card.copies }, (_, copy) => (
          <li key={copy} className="login-card" data-testid="login-card">
            <img className="login-card-qr" src={card.qr} alt={`Código QR para que entre ${apodo}`} />
            <div className="login-card-who">
              <img src={pictureSrc} alt="" width="56" height="56" />
              <p className="fw-bold mb-0 text-break">{apodo}</p>
              <p className="small mb-0">Escanéame para entrar</p>
              {/* For a device without a camera: the address can be typed too. */}
              <p className="login-card-url mb-0 text-break font-monospace" data-testid="login-card-url">
                {card.url}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Before the card is made: what making one does (to an older card too), and how many copies. */
function MakeCardForm({ apodo, hadCard, copiesError }: { apodo: string; hadCard: boolean; copiesError?: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" noValidate>
      <p>
        {hadCard
          ? `${apodo} ya tiene una tarjeta. Si imprimes una nueva, la anterior deja de funcionar en ese momento.`
          : `Con su tarjeta, ${apodo} entra escaneando un código, sin escribir nada.`}
      </p>
      <FormField
        id="card-copies"
        label="¿Cuántas copias?"
        hint="Todas son la misma tarjeta: una para guardar en casa y otra de repuesto, o las que necesites."
        error={copiesError}
        select
        className="mb-3 card-copies"
      >
        {(control) => (
          <select {...control} name="copias" defaultValue={String(CARD_COPIES.default)}>
            {Array.from({ length: CARD_COPIES.max }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {hadCard ? "Hacer una tarjeta nueva" : "Hacer su tarjeta"}
      </button>
    </Form>
  );
}
