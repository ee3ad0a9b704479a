import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

type Unlocked = { kind: "character" | "chapter"; name: string };

const celebrate = (items: Unlocked[]) => {
  const names = items.map((item) => (item.kind === "chapter" ? `el capítulo «${item.name}»` : item.name));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} y ${names.at(-1)}` : names[0];
  return `¡Desbloqueaste ${list}!`;
};

type Props = { signedIn: boolean; unlockedOnLoad: Unlocked[] };

/**
 * Celebrates what a page view unlocked. A full page load was handled by the server (root
 * loader); each client-side navigation of a signed-in reader is reported here.
 */
export function UnlockToast({ signedIn, unlockedOnLoad }: Props) {
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(() =>
    unlockedOnLoad.length ? celebrate(unlockedOnLoad) : null,
  );
  const path = location.pathname + location.search;
  const firstPath = useRef(path);

  useEffect(() => {
    if (!signedIn || path === firstPath.current) return;
    firstPath.current = "";
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
  }, [signedIn, path]);

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
