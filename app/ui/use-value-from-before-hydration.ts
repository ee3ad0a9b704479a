import { useEffect, useRef } from "react";

/**
 * For an uncontrolled field whose value React state mirrors (through onChange): once the page
 * hydrates, hands `adopt` the value the reader chose before the scripts arrived. They load after
 * the first paint (docs/decisions/021), so on a slow phone a reader can pick before hydration,
 * and a controlled `value` would silently reset that choice. Spread the returned ref on the field.
 */
export function useValueFromBeforeHydration<Field extends HTMLInputElement | HTMLSelectElement>(
  adopt: (value: string) => void,
) {
  const field = useRef<Field>(null);
  useEffect(() => {
    if (field.current) adopt(field.current.value);
    // Only on hydration: afterwards onChange keeps the state in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return field;
}
