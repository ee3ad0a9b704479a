import { useEffect, useRef, type ReactNode } from "react";

type Props = {
  open: boolean;
  onClose: () => void;
  /** The id of the element (usually a heading inside `children`) that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  size?: "sm" | "lg" | "xl";
  className?: string;
  closeLabel?: string;
  children: ReactNode;
};

/**
 * A Bootstrap-looking modal on the native <dialog>: showModal() gives the top layer, inert
 * background, focus moved inside and Escape for free, with no JavaScript library. It closes by
 * its button, Escape, or a click outside the content, and gives focus back to what opened it.
 * The fade (300 ms) and backdrop (150 ms) are CSS (app/styles/_characters.scss).
 */
export function DialogModal({
  open,
  onClose,
  labelledBy,
  describedBy,
  size,
  className,
  closeLabel = "Cerrar",
  children,
}: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const pressedOutside = useRef(false);
  // Handlers read the latest props without re-running the open/close effect.
  const latest = useRef({ open, onClose });
  useEffect(() => {
    latest.current = { open, onClose };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected && document.activeElement !== opener) opener.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={`modal dialog-modal${className ? ` ${className}` : ""}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Escape: let the page's state close it, so the two never disagree.
      onCancel={(event) => {
        event.preventDefault();
        latest.current.onClose();
      }}
      // Closed some other way (a <form method="dialog">): tell the page. The close event is a
      // queued task, and a browser may run a key press or click before it: the close that
      // follows Escape can then arrive after the page opened the dialog again, and is stale.
      onClose={() => {
        if (latest.current.open && !dialogRef.current?.open) latest.current.onClose();
      }}
      // The dialog element itself is only hit outside the content (.modal-dialog lets clicks
      // through). Both press and release must be outside, so a text selection dragged out
      // of the content does not close it.
      onPointerDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedOutside.current) latest.current.onClose();
        pressedOutside.current = false;
      }}
    >
      <div className={`modal-dialog modal-dialog-centered${size ? ` modal-${size}` : ""}`}>
        <div className="modal-content">
          {/* Sticky: on a phone a long text scrolls the dialog, and the close button stays in view. */}
          <div className="dialog-modal-bar">
            <button
              type="button"
              className="btn-close dialog-modal-close"
              aria-label={closeLabel}
              onClick={() => latest.current.onClose()}
            />
          </div>
          <div className="modal-body">{children}</div>
        </div>
      </div>
    </dialog>
  );
}
