import { Form, useNavigation } from "react-router";

/**
 * /entrar/<token>: what a scanned login card opens. Signing in takes one tap on 'Entrar', a
 * POST: a link preview or a prefetch that only reads the address signs nobody in.
 */
export function CardEntry({ apodo, pictureSrc }: { apodo: string; pictureSrc: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-5 text-center">
      <h1 className="mb-3">¡Hola, {apodo}!</h1>
      <img src={pictureSrc} alt="" width="128" height="128" className="mb-3" />
      <Form method="post">
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          Entrar
        </button>
      </Form>
    </div>
  );
}

/** A card's refusal: unknown, old (ask for the new one) or a wait (its heading says which). */
export function CardRefusal({ title, message }: { title: string; message: string }) {
  return (
    <div className="container py-5 text-center">
      <h1 className="mb-3">{title}</h1>
      <p>{message}</p>
    </div>
  );
}
