import { useSyncExternalStore } from "react";
import { consentStore, parseSnapshot, type ConsentChoice } from "./analytics-consent.ts";

/** The reader's analytics choice: the server's reading of the cookie first, then the cookie itself. */
export function useAnalyticsConsent(initial: ConsentChoice) {
  return parseSnapshot(useSyncExternalStore(consentStore.subscribe, consentStore.snapshot, () => `${initial}|closed`));
}
