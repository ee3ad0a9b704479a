import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Stable, so it is called once per element (on mount), not on every render. A refusal's focus
 * (`useFocusOnRefusal`) is left where it is: the message also mounts again when a later post is
 * refused (keyed by the navigation), one render after the refusal's (the action's answer
 * renders while the page's data reloads, the new location when it is back).
 */
const focusOnMount = (element: HTMLElement | null) => {
  const focused = document.activeElement;
  if (focused?.matches('[aria-invalid="true"], [role="alert"]')) return;
  element?.focus();
};

/**
 * A saved form's outcome ('PIN cambiado.'), after the post's redirect back to the page. The
 * polite live region is in the page from its first render, so a screen reader hears the message
 * when it arrives (a region that appears with its text is often not read), and the keyboard goes
 * to the message instead of being left on the page's body (the submit button it was on was
 * disabled while saving). Keyed by the navigation, so the same message after a second save is
 * said and focused again. `autoFocus`, in the server's HTML only, does the same after a post
 * that reloads the whole page (no script yet): the browser focuses it as the page loads.
 */
export function FormOutcome({ message }: { message: string | null }) {
  const { key } = useLocation();
  return (
    <div role="status">
      {message && (
        <p key={key} ref={focusOnMount} tabIndex={-1} autoFocus={import.meta.env.SSR} className="alert alert-success">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * After a refused post, the keyboard goes to the first field marked invalid (its message
 * describes it, so a screen reader says the field and why), else to the form's own error: never
 * left on the page's body. Runs once per answer of the action (`result`).
 */
export function useFocusOnRefusal(result: unknown) {
  useEffect(() => {
    if (!result) return;
    const main = document.getElementById("contenido");
    const target =
      main?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      main?.querySelector<HTMLElement>('[role="alert"][tabindex="-1"]');
    target?.focus();
  }, [result]);
}
