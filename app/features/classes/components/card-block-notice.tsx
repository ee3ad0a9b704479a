import { Form, useNavigation } from "react-router";

export type CardBlockView = { minutesLeft: number };

/**
 * On the class page while the class's cards are blocked where they were scanned (decision 063):
 * too many unknown cards from one address, the school's, and one of this class's real cards was
 * refused there. The students only see 'Espera un momento'; the teacher can lift it.
 */
export function CardBlockNotice({ block }: { block: CardBlockView }) {
  const busy = useNavigation().state !== "idle";
  const minutes = block.minutesLeft === 1 ? "1 minuto" : `${block.minutesLeft} minutos`;
  return (
    <section className="alert alert-warning mt-3" aria-labelledby="card-block-title" data-testid="card-block">
      <h2 id="card-block-title" className="h5">
        Tus estudiantes no pueden entrar con sus tarjetas
      </h2>
      <p>
        Desde la red donde las escanean se probaron demasiadas tarjetas que no conocemos, así que por seguridad pusimos
        una espera a todas las tarjetas de esa red, también a las de esta clase. La espera termina sola en {minutes}.
      </p>
      <p className="small">
        Las tarjetas viejas no cuentan. Si alguien está escaneando tarjetas que no son de la clase, pídele que pare
        antes de desbloquear.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="desbloquear" />
        <button type="submit" className="btn btn-warning" disabled={busy}>
          Desbloquear
        </button>
      </Form>
    </section>
  );
}
