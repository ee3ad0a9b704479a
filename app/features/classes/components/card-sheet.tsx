import { Form, Link, useNavigation } from "react-router";

export type ClassCard = { id: string; apodo: string; pictureSrc: string; qr: string; url: string };

/**
 * /clases/<id>/tarjetas: one login card per student, apodo and picture only, ten to an A4 page
 * (two columns of five; print CSS in _site.scss). Each card also carries the class code and
 * where to type it, for a computer without a camera (decision 067). Printing makes new cards: only their hashes
 * are kept, so this sheet is the one time their addresses are shown, and every older card of
 * the class stops working at that moment.
 */
export function ClassCardSheet({
  classId,
  className,
  studentCount,
  cards,
  classCode,
  codeAddress,
}: {
  classId: string;
  className: string;
  studentCount: number;
  cards: ClassCard[] | null;
  /** The class code as shown ("ABCD-EFGH"), or null while it is off (decision 067). */
  classCode: string | null;
  /** Where it is typed: "example.org/clase". */
  codeAddress: string;
}) {
  return (
    <div className="container py-4 class-card-sheet">
      <p className="d-print-none">
        <Link to={`/clases/${classId}`}>← {className}</Link>
      </p>
      <h1 className="h3 d-print-none">Tarjetas para entrar: {className}</h1>
      {cards ? (
        <PrintableCards cards={cards} className={className} classCode={classCode} codeAddress={codeAddress} />
      ) : (
        <MakeCardsForm studentCount={studentCount} />
      )}
    </div>
  );
}

type CardsProps = { className: string; classCode: string | null; codeAddress: string };

/** The cards just made, with how to print them and what the class code on them is for. */
function PrintableCards({ cards, className, classCode, codeAddress }: CardsProps & { cards: ClassCard[] }) {
  return (
    <>
      <p className="d-print-none">
        Imprime esta hoja y recorta las tarjetas. Al escanear su código, cada estudiante entra sin escribir nada.
        Guárdalas como llaves: quien tenga una puede entrar como ese estudiante.{" "}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Imprimir
        </button>
      </p>
      <p className="d-print-none">
        {classCode ? (
          <>
            En una computadora sin cámara, cada tarjeta dice dónde entrar ({codeAddress}) y el código de la clase,{" "}
            <span className="class-code">{classCode}</span>: el estudiante elige su nombre y su dibujo.
          </>
        ) : (
          "El código de la clase está apagado: las tarjetas salen sin él, con su dirección completa en letra pequeña. Enciéndelo en la página de la clase si alguna computadora no tiene cámara."
        )}
      </p>
      <ul className="list-unstyled class-card-grid">
        {cards.map((card) => (
          <LoginCard key={card.id} card={card} className={className} classCode={classCode} codeAddress={codeAddress} />
        ))}
      </ul>
    </>
  );
}

/** One student's card: the QR code, their picture and apodo, and how to enter without a camera. */
function LoginCard({ card, className, classCode, codeAddress }: CardsProps & { card: ClassCard }) {
  return (
    <li className="class-card" data-testid="class-card">
      <img className="class-card-qr" src={card.qr} alt={`Código QR para que entre ${card.apodo}`} />
      <div className="class-card-who">
        <img src={card.pictureSrc} alt="" width="56" height="56" />
        <p className="fw-bold mb-0">{card.apodo}</p>
        <p className="small mb-0">{className}</p>
        {classCode && (
          // For a computer without a camera: a short address and the class's code, in
          // big type without look-alike characters (the picture above is the child's).
          <p className="mb-0 small class-card-fallback">
            Sin cámara: <span className="text-nowrap">{codeAddress}</span>
            <br />
            código{" "}
            <span className="class-code class-card-code" data-testid="class-card-code">
              {classCode}
            </span>
          </p>
        )}
        {/* The card's own address: on screen for the teacher, printed only without a code. */}
        <p
          className={`class-card-url mb-0 text-break font-monospace${classCode ? " d-print-none" : ""}`}
          data-testid="class-card-url"
        >
          {card.url}
        </p>
      </div>
    </li>
  );
}

/** Before any card is made: what making them does, and the button. */
function MakeCardsForm({ studentCount }: { studentCount: number }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <p>
        {studentCount === 0
          ? "Primero añade estudiantes a la clase."
          : `Haremos ${studentCount} tarjetas, una por estudiante. Las tarjetas que imprimiste antes dejan de funcionar en ese momento.`}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy || studentCount === 0}>
        Hacer las tarjetas
      </button>
    </Form>
  );
}
