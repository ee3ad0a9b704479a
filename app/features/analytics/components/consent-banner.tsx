import { useEffect, useRef, useSyncExternalStore } from "react";
import { consentStore } from "../analytics-consent.ts";

/**
 * Asked before anything of Google loads. Plain words, two equal buttons, no pre-ticked choice;
 * no answer means no Google. Opened again from the footer, it takes the focus.
 */
export function ConsentBanner({ reopened }: { reopened: boolean }) {
  const first = useRef<HTMLButtonElement>(null);
  // Marks the buttons as working (hydrated), for the end-to-end tests to wait on.
  const ready = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  useEffect(() => {
    if (reopened) first.current?.focus();
  }, [reopened]);
  return (
    <section
      className="consent-banner shadow"
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      data-ready={ready || undefined}
    >
      <h2 id="consent-title" className="h6 mb-1">
        ¿Podemos contar tus visitas con Google?
      </h2>
      <p className="small mb-2">
        Si aceptas, usaremos Google Analytics para saber qué páginas se leen más, y Google recibirá qué páginas visitas.
        Si no aceptas, no se carga nada de Google. <a href="/privacidad#analitica">Más información</a>
      </p>
      <div className="d-flex gap-2">
        <button
          ref={first}
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => consentStore.choose("granted")}
        >
          Aceptar
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => consentStore.choose("denied")}>
          Rechazar
        </button>
      </div>
    </section>
  );
}
