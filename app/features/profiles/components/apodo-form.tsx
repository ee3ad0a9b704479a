import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";

export type ApodoActionResult =
  { intent: "apodo"; ok: true; message: string } | { intent: "apodo"; ok: false; error: string };

type Props = { apodo: string; suggestions: string[] };

/**
 * The reader's public name: what others see beside their comments. Pick one of the fresh
 * suggestions or type one; the server checks it (no contact details, profanity or e-mail).
 */
export function ApodoForm({ apodo, suggestions }: Props) {
  const fetcher = useFetcher<ApodoActionResult>();
  const revalidator = useRevalidator();
  const [value, setValue] = useState(apodo);
  // A saved apodo comes back from the loader; keep the box in step with it.
  useEffect(() => setValue(apodo), [apodo]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result.error : null;
  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="apodo-title">
      <h2 id="apodo-title" className="h4">
        Tu apodo público
      </h2>
      <p className="small">
        Es lo que otros lectores ven junto a tus comentarios. Tu nombre y tu correo nunca se muestran.
      </p>
      <p>
        Ahora: <strong data-testid="apodo-actual">{apodo}</strong>
      </p>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="apodo" />
        <FormField id="apodo" label="Apodo" error={error}>
          {(control) => (
            <input
              {...control}
              name="apodo"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              maxLength={30}
              autoComplete="off"
            />
          )}
        </FormField>
        <fieldset className="mb-3">
          <legend className="small fw-bold">Ideas para tu apodo</legend>
          <div className="d-flex flex-wrap gap-2">
            {suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className="btn btn-outline-secondary btn-sm apodo-suggestion"
                onClick={() => setValue(suggestion)}
              >
                {suggestion}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-link btn-sm"
              onClick={() => void revalidator.revalidate()}
              disabled={revalidator.state !== "idle"}
            >
              Otras ideas
            </button>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Cambiando..." : "Usar este apodo"}
        </button>
        <div aria-live="polite" className="mt-2">
          {result?.ok && <p className="text-success fw-bold mb-0">{result.message}</p>}
        </div>
      </fetcher.Form>
    </section>
  );
}
