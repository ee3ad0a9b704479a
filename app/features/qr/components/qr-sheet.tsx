import { Link } from "react-router";
import type { SheetEntry } from "../qr-sheet.ts";

/**
 * /adminpanel/qr/hoja: every active code, ready for the browser's print dialog. Printed, the
 * page is the sheet alone (no site menu or footer; see the print rules in _site.scss).
 */
export function QrSheet({ entries }: { entries: SheetEntry[] }) {
  const guessable = entries.filter((entry) => entry.guessable).length;
  const nowhere = entries.filter((entry) => entry.nowhere).length;
  return (
    <div className="container py-4 qr-sheet">
      <p className="d-print-none">
        <Link to="/adminpanel/qr">← Códigos QR</Link>
      </p>
      <h1 className="h3">Códigos QR activos</h1>
      {guessable > 0 && (
        <p className="alert alert-warning d-print-none">
          {guessable === 1
            ? "1 código de esta hoja se puede adivinar"
            : `${guessable} códigos de esta hoja se pueden adivinar`}{" "}
          (marcados abajo). Sustitúyelos en <Link to="/adminpanel/qr">Códigos QR</Link> antes de imprimir.
        </p>
      )}
      {nowhere > 0 && (
        <p className="alert alert-danger d-print-none" data-testid="sheet-nowhere">
          {nowhere === 1
            ? "1 código de esta hoja no lleva a ninguna parte"
            : `${nowhere} códigos de esta hoja no llevan a ninguna parte`}{" "}
          (marcados abajo): no los imprimas antes de cambiar su destino en <Link to="/adminpanel/qr">Códigos QR</Link>.
        </p>
      )}
      <ul className="row list-unstyled g-4 qr-sheet-list">
        {entries.map((entry) => (
          <li key={entry.code} className="col-6 col-md-4 text-center qr-sheet-item" data-testid="qr-sheet-item">
            <img src={`/adminpanel/qr/${entry.code}.svg`} alt={`Código QR ${entry.code}`} width="180" height="180" />
            <p className="mb-0 fw-bold" data-testid="qr-sheet-title">
              {entry.title}
            </p>
            {/* For support: the code a reader can read out or type, small. */}
            <p className="small mb-0 font-monospace text-body-secondary" data-testid="qr-sheet-code">
              {entry.code}
            </p>
            {entry.guessable && <p className="small mb-0 text-danger d-print-none">Se puede adivinar</p>}
            {entry.nowhere && (
              <p className="small mb-0 text-danger fw-bold d-print-none" data-testid="qr-sheet-nowhere">
                Sin destino: {entry.nowhere}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
