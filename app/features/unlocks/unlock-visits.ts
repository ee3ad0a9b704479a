/**
 * Which page views the browser must still report to /api/unlocks.
 *
 * A full page load was unlocked by the server (root loader) for the reader who was signed in
 * at that load. Every other view must be reported: a client-side navigation, and — the case
 * that used to be lost — the same page again after the reader signs in or signs up, because
 * the sign-in lands back on the page the tab first opened through a client-side redirect, and
 * the server's unlock of that first load ran for a visitor (nobody), not for the new reader.
 * So a visit is keyed by reader *and* path, not by path alone.
 */
export const visitKey = (userId: string, path: string) => `${userId} ${path}`;

export type VisitLedger = { serverHandled: string | null };

/** The ledger at hydration: the server handled this path for this reader, if one was signed in. */
export const initialLedger = (userId: string | null, path: string): VisitLedger => ({
  serverHandled: userId ? visitKey(userId, path) : null,
});

/**
 * True when this (reader, path) view must be reported. The server's visit is skipped once;
 * any other view is reported (the unlock is idempotent and celebrates only what is new).
 */
export function mustReport(ledger: VisitLedger, userId: string | null, path: string): boolean {
  if (!userId) return false;
  const key = visitKey(userId, path);
  if (ledger.serverHandled === key) {
    ledger.serverHandled = null;
    return false;
  }
  ledger.serverHandled = null;
  return true;
}
