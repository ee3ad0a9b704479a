import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { initialLedger, mustReport } from "./unlock-visits.ts";

type Unlocked = { kind: "character" | "chapter"; name: string };

const celebrate = (items: Unlocked[]) => {
  const names = items.map((item) => (item.kind === "chapter" ? `el capítulo «${item.name}»` : item.name));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} y ${names.at(-1)}` : names[0];
  return `¡Desbloqueaste ${list}!`;
};

type Props = { userId: string | null; unlockedOnLoad: Unlocked[] };

/**
 * Celebrates what a page view unlocked. A full page load was handled by the server (root
 * loader) for whoever was signed in then; every other view of a signed-in reader is reported
 * here — including the page the tab first opened, once a visitor signs in or up on it
 * (unlock-visits.ts).
 */
export function UnlockToast({ userId, unlockedOnLoad }: Props) {
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(() =>
    unlockedOnLoad.length ? celebrate(unlockedOnLoad) : null,
  );
  const path = location.pathname + location.search;
  const ledger = useRef(initialLedger(userId, path));

  useEffect(() => {
    if (!mustReport(ledger.current, userId, path)) return;
    let current = true;
    // keepalive: the unlock still lands if the reader moves on at once.
    fetch("/api/unlocks", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path }),
      keepalive: true,
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ unlocked: Unlocked[] }>) : null))
      .then((result) => {
        if (current && result?.unlocked.length) setMessage(celebrate(result.unlocked));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [userId, path]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="unlock-toast-region" aria-live="polite">
      {message && (
        <div className="unlock-toast" role="status">
          <span>{message}</span>
          <button
            type="button"
            className="btn-close btn-close-white ms-3"
            aria-label="Cerrar aviso"
            onClick={() => setMessage(null)}
          />
        </div>
      )}
    </div>
  );
}
