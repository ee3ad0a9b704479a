import { useEffect, useState } from "react";

/** False until the page this document was served with has hydrated; true from then on. */
let documentHydrated = false;

/**
 * Whether React has hydrated the page: false on the server and while hydrating (so both render
 * the same), then true, and true at once for what a client-side navigation renders later.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(documentHydrated);
  useEffect(() => {
    documentHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
