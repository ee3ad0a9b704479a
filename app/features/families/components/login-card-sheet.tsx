import { Form, Link, useNavigation } from "react-router";

export type PrintedCard = { url: string; qr: string };

/**
 * /familia/<lector>/tarjeta: an A4 sheet with one child's login card (four copies to cut out:
 * the fridge, the backpack, the book). Printing makes a new card, and the previous one stops
 * working at once, so a lost card is fixed by printing another.
 */
export function LoginCardSheet({
  apodo,
  pictureSrc,
  card,
  hadCard,
}: {
  apodo: string;
  pictureSrc: string;
  card: PrintedCard | null;
  hadCard: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-4 qr-sheet">
      <p className="d-print-none">
        <Link to="/familia">← Tu familia</Link>
      </p>
      <h1 className="h3">Tarjeta para entrar de {apodo}</h1>
      {card ? (
        <>
          <p className="d-print-none">
            Imprime esta hoja y recorta las tarjetas. Al escanear el código, {apodo} entra en su cuenta sin escribir
            nada. Guárdalas como una llave: quien tenga una puede entrar como {apodo}.{" "}
            <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
              Imprimir
            </button>
          </p>
          <ul className="row list-unstyled g-4 qr-sheet-list">
            {[1, 2, 3, 4].map((copy) => (
              <li key={copy} className="col-6 text-center qr-sheet-item border" data-testid="login-card">
                <img src={pictureSrc} alt="" width="64" height="64" className="mt-2" />
                <p className="fw-bold mb-1">{apodo}</p>
                <img src={card.qr} alt={`Código QR para que entre ${apodo}`} width="180" height="180" />
                <p className="small mb-2 text-break font-monospace" data-testid="login-card-url">
                  {card.url}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Form method="post">
          <p>
            {hadCard
              ? `${apodo} ya tiene una tarjeta. Si imprimes una nueva, la anterior deja de funcionar en ese momento.`
              : `Con su tarjeta, ${apodo} entra escaneando un código, sin escribir nada.`}
          </p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {hadCard ? "Hacer una tarjeta nueva" : "Hacer su tarjeta"}
          </button>
        </Form>
      )}
    </div>
  );
}
