import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { ADMIN_MESSAGES } from "../admin-messages.ts";

export type AdminActionResult = { intent: "add" | "remove"; ok: boolean; message: string };

type Props = { admins: { userId: string; email: string }[]; loadError: string | null };

/** /adminpanel: links to the other admin pages, the add-admin form and the list of admins. */
export function AdminPanel({ admins, loadError }: Props) {
  const adder = useFetcher<AdminActionResult>();
  const remover = useFetcher<AdminActionResult>();
  // Only the answer to the latest request shows: an earlier 'added' must not stand beside a
  // later 'removed', as if both were news.
  const [latest, setLatest] = useState<AdminActionResult["intent"] | null>(null);

  return (
    <div className="container py-5 admin-panel">
      <h1 className="mb-4">Administradores</h1>
      <AdminSectionsNav />
      {loadError && (
        <div className="alert alert-danger" role="alert">
          {ADMIN_MESSAGES.loadError}
          {loadError}
        </div>
      )}

      <AddAdminSection
        adder={adder}
        adminCount={admins.length}
        showAnswer={latest === "add"}
        onSubmit={() => setLatest("add")}
      />

      <AdminListSection
        admins={admins}
        remover={remover}
        showAnswer={latest === "remove"}
        onRemove={() => setLatest("remove")}
      />
    </div>
  );
}

type AdminFetcher = ReturnType<typeof useFetcher<AdminActionResult>>;

function AdminSectionsNav() {
  return (
    <nav aria-label="Secciones de administración" className="d-flex flex-wrap gap-2 mb-4">
      <Link to="/adminpanel/mensajes" className="btn btn-outline-primary">
        Mensajes de contacto
      </Link>
      <Link to="/adminpanel/estadisticas" className="btn btn-outline-primary">
        Estadísticas
      </Link>
      <Link to="/adminpanel/qr" className="btn btn-outline-primary">
        Códigos QR
      </Link>
      <Link to="/adminpanel/capitulos" className="btn btn-outline-primary">
        Capítulos
      </Link>
      <Link to="/adminpanel/comentarios" className="btn btn-outline-primary">
        Comentarios
      </Link>
      <Link to="/adminpanel/eventos" className="btn btn-outline-primary">
        Eventos
      </Link>
      <Link to="/adminpanel/glosario" className="btn btn-outline-primary">
        Glosario
      </Link>
    </nav>
  );
}

type AddAdminSectionProps = {
  adder: AdminFetcher;
  adminCount: number;
  /** Whether the add answer is the latest one, and so may show. */
  showAnswer: boolean;
  onSubmit: () => void;
};

function AddAdminSection({ adder, adminCount, showAnswer, onSubmit }: AddAdminSectionProps) {
  const addAnswer = adder.state === "idle" ? adder.data : undefined;
  const addResult = showAnswer ? addAnswer : undefined;

  return (
    <section className="card card-body mb-4" aria-labelledby="add-admin-title">
      <h2 id="add-admin-title" className="h5">
        Agregar administrador
      </h2>
      <adder.Form
        method="post"
        className="d-flex flex-wrap gap-2 align-items-start"
        key={addAnswer?.ok ? addAnswer.message + adminCount : "form"}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value="add" />
        {/* The message below the form answers both success and failure, so it is not the field's error. */}
        <FormField
          id="admin-email"
          label="Correo de la cuenta"
          hideLabel
          invalid={addResult ? !addResult.ok : false}
          describedBy="admin-email-message"
          className="flex-grow-1"
        >
          {(control) => <input {...control} name="email" type="email" required placeholder="correo@ejemplo.com" />}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={adder.state !== "idle"}>
          Agregar
        </button>
      </adder.Form>
      <p
        id="admin-email-message"
        className={`mt-2 mb-0 ${addResult?.ok ? "text-success" : "text-danger"}`}
        aria-live="polite"
      >
        {addResult?.message}
      </p>
    </section>
  );
}

type AdminListSectionProps = {
  admins: Props["admins"];
  remover: AdminFetcher;
  /** Whether the remove answer is the latest one, and so may show. */
  showAnswer: boolean;
  onRemove: () => void;
};

function AdminListSection({ admins, remover, showAnswer, onRemove }: AdminListSectionProps) {
  const removeResult = remover.state === "idle" && showAnswer ? remover.data : undefined;
  const canRemove = admins.length > 1;

  return (
    <section aria-labelledby="admin-list-title">
      <h2 id="admin-list-title" className="h5">
        Lista de administradores
      </h2>
      <p aria-live="polite" className={removeResult?.ok ? "text-success" : "text-danger"}>
        {removeResult?.message}
      </p>
      <ul className="list-unstyled">
        {admins.map((admin) => (
          <li
            key={admin.userId}
            className="card card-body mb-2 d-flex flex-row flex-wrap align-items-center justify-content-between gap-2"
          >
            <span>{admin.email}</span>
            <remover.Form
              method="post"
              onSubmit={(event) => {
                if (window.confirm(ADMIN_MESSAGES.confirmRemove)) onRemove();
                else event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="userId" value={admin.userId} />
              <button
                type="submit"
                className="btn btn-outline-danger btn-sm"
                disabled={!canRemove || remover.state !== "idle"}
                aria-label={`Quitar a ${admin.email}`}
              >
                Quitar
              </button>
            </remover.Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
