import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";

type UploadAnswer = { ok: true; url: string } | { ok: false; error: string };

type Props = {
  /** The id of the text field that receives the uploaded image's address. */
  targetId: string;
  label?: string;
};

/**
 * Uploads an image (PNG, JPEG or WebP, up to 5 MB) and writes its address into the path field
 * beside it. Not a form of its own, so it can sit inside the editor's form.
 */
export function ImageUpload({ targetId, label = "O sube una imagen" }: Props) {
  const id = useId();
  const fetcher = useFetcher<UploadAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const picker = useRef<HTMLInputElement>(null);
  const upload = (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.set("file", file);
    void fetcher.submit(body, { method: "post", action: "/adminpanel/imagenes", encType: "multipart/form-data" });
  };
  // A file picked before the page hydrated (the scripts load after the first paint, decision
  // 021) fired no change React saw: upload it once hydrated, as if it had just been picked.
  useEffect(() => {
    upload(picker.current?.files?.[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!answer?.ok) return;
    const target = document.getElementById(targetId) as HTMLInputElement | null;
    if (!target) return;
    target.value = answer.url;
    // As if typed: whatever follows the field (a focal-point picker) sees the new picture.
    target.dispatchEvent(new Event("input", { bubbles: true }));
  }, [answer, targetId]);
  return (
    <div className="mb-2 image-upload">
      <label htmlFor={id} className="form-label small">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className={`form-control form-control-sm${answer && !answer.ok ? " is-invalid" : ""}`}
        aria-describedby={`${id}-status`}
        ref={picker}
        onChange={(event) => upload(event.currentTarget.files?.[0])}
      />
      <div id={`${id}-status`} className="small" role="status">
        {fetcher.state !== "idle" && "Subiendo…"}
        {answer?.ok && <span className="text-success">Imagen subida: {answer.url}</span>}
        {answer && !answer.ok && <span className="text-danger">{answer.error}</span>}
      </div>
    </div>
  );
}
