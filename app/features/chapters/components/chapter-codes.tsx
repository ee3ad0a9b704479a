import { Form, Link, useNavigation } from "react-router";

/**
 * A saved chapter's printed code: links to the studio's codes that open it, or the button that
 * creates one for its saved printed path (`action`: the chapter's editor, which answers with
 * the studio).
 */
export function ChapterCodes({ codes, title, action }: { codes: string[]; title: string; action?: string }) {
  const navigation = useNavigation();
  if (codes.length)
    return (
      <p className="mb-0 small">
        {codes.length === 1 ? "Su código QR: " : "Sus códigos QR: "}
        {codes.map((code, index) => (
          <span key={code}>
            {index > 0 && ", "}
            <Link
              to={`/adminpanel/qr#qr-${code}`}
              className="font-monospace"
              aria-label={`Código QR ${code} de «${title}»`}
            >
              {code}
            </Link>
          </span>
        ))}
      </p>
    );
  return (
    <Form method="post" action={action} className="d-inline">
      <input type="hidden" name="intent" value="create-qr" />
      <button
        type="submit"
        className="btn btn-sm btn-outline-dark"
        disabled={navigation.state === "submitting"}
        aria-label={`Crear su código QR: «${title}»`}
      >
        Crear su código QR
      </button>
    </Form>
  );
}
