import { Form, Link, useActionData, useNavigation } from "react-router";
import { ConfirmCheck } from "../../../ui/confirm-check.tsx";
import { ConsentCheck } from "../../../ui/consent-check.tsx";
import { ConsentReceiptView, type ReceiptView } from "../../../ui/consent-receipt-view.tsx";
import { FormField } from "../../../ui/form-field.tsx";
import { FormOutcome, useFocusOnRefusal } from "../../../ui/form-outcome.tsx";
import { CONSENT_TEXT, FAMILY_MESSAGES } from "../family-messages.ts";
import { FAMILY_PICTURES } from "../family-pictures.ts";
import { PictureChoice } from "../../../ui/picture-choice.tsx";
import { PinFields } from "./pin-fields.tsx";

export type FamilyChildView = {
  id: string;
  apodo: string;
  pictureSrc: string;
  pictureLabel: string;
  birthYear: number | null;
  hasCard: boolean;
  /** When the adult gave their consent, in words. */
  consentedAt: string;
};

/** A child with an e-mail of their own whose consent this adult gave by mail (decision 066). */
export type EmailChildView = {
  id: string;
  name: string;
  email: string;
  birthYear: number | null;
  allowedAt: string;
};

export type FamilyActionResult = {
  intent: string;
  childId?: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** The apodo looks like a real full name: kept if the adult confirms (decision 065). */
  fieldWarnings?: { apodo?: string };
  formError?: string;
  message?: string;
  sent?: { apodo?: string; picture?: string; birthYear?: string };
};

type Props = {
  refusal: string | null;
  children: FamilyChildView[];
  emailChildren: EmailChildView[];
  /** The receipt of the consent given for the child just added (issue 39). */
  receipt: ReceiptView | null;
  years: number[];
  notice: string | null;
};

/** /familia: the adult's child readers, and the form that adds one. */
export function FamilyPage({ refusal, children, emailChildren, receipt, years, notice }: Props) {
  const result = useActionData<FamilyActionResult>();
  useFocusOnRefusal(result);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-4 family-page">
      <h1 className="mb-3">Tu familia</h1>
      <p>
        Añade a tus hijas e hijos como lectores: cada uno tiene su pasaporte, sus desbloqueos y sus comentarios, y entra
        con su dibujo y un PIN en este dispositivo, o con su tarjeta impresa. No necesitan correo ni contraseña.
      </p>
      <FormOutcome message={notice} />
      {receipt && <ConsentReceiptView receipt={receipt} />}
      {result?.formError && (
        <p className="alert alert-danger" role="alert" tabIndex={-1}>
          {result.formError}
        </p>
      )}
      {refusal && <p className="alert alert-warning">{refusal}</p>}
      {(!refusal || emailChildren.length > 0) && (
        <FamilyReaders familyChildren={children} emailChildren={emailChildren} result={result} busy={busy} />
      )}
      {!refusal && <AddChildSection childCount={children.length} years={years} result={result} busy={busy} />}
    </div>
  );
}

/** The field errors of the action's answer, when it answered this form (and this child's, if any). */
function fieldErrorsFor(result: FamilyActionResult | undefined, intent: string, childId?: string) {
  return result && result.intent === intent && result.childId === childId ? (result.fieldErrors ?? {}) : {};
}

type FamilyReadersProps = {
  familyChildren: FamilyChildView[];
  emailChildren: EmailChildView[];
  result: FamilyActionResult | undefined;
  busy: boolean;
};

/** 'Tus lectores': a card for each child reader, those with a PIN first, then those with an e-mail. */
function FamilyReaders({ familyChildren, emailChildren, result, busy }: FamilyReadersProps) {
  return (
    <>
      <h2 className="h4 mt-4">Tus lectores</h2>
      {familyChildren.length === 0 && emailChildren.length === 0 ? (
        <p>Todavía no has añadido a nadie.</p>
      ) : (
        <>
          {familyChildren.length > 0 && (
            <p>
              <Link to="/quien-lee">Abrir «¿Quién lee?» en este dispositivo</Link>: cada lector elige su dibujo y
              escribe su PIN.
            </p>
          )}
          <ul className="list-unstyled row g-3">
            {familyChildren.map((child) => (
              <li key={child.id} className="col-md-6" data-testid="family-child">
                <ChildCard child={child} busy={busy} pinErrors={fieldErrorsFor(result, "pin", child.id)} />
              </li>
            ))}
            {emailChildren.map((child) => (
              <li key={child.id} className="col-md-6" data-testid="family-child">
                <EmailChildCard child={child} busy={busy} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

type AddChildSectionProps = {
  /** A new form (emptied) each time a child is added. */
  childCount: number;
  years: number[];
  result: FamilyActionResult | undefined;
  busy: boolean;
};

/** 'Añadir un lector': apodo, drawing, birth year, PIN and the adult's consent. */
function AddChildSection({ childCount, years, result, busy }: AddChildSectionProps) {
  const addErrors = fieldErrorsFor(result, "anadir");
  const apodoWarning = result?.intent === "anadir" ? result.fieldWarnings?.apodo : undefined;
  return (
    <>
      <h2 className="h4 mt-4">Añadir un lector</h2>
      <p className="text-body-secondary">
        No pedimos su nombre real ni un correo: solo un apodo (lo verán otros lectores junto a sus comentarios), un
        dibujo y su año de nacimiento.
      </p>
      <Form method="post" noValidate key={`add-${childCount}`} className="family-add">
        <input type="hidden" name="intent" value="anadir" />
        <FormField
          id="child-apodo"
          label="Apodo"
          hint="De 3 a 30 letras o números. Mejor que no sea su nombre real."
          error={addErrors.apodo}
          describedBy={apodoWarning ? "child-apodo-warning" : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="apodo"
              autoComplete="off"
              maxLength={30}
              defaultValue={result?.sent?.apodo ?? ""}
            />
          )}
        </FormField>
        {apodoWarning && (
          <div id="child-apodo-warning" className="alert alert-warning">
            <p className="mb-1">{apodoWarning}</p>
            <ConfirmCheck id="child-apodo-confirm" name="confirmarApodo" label={FAMILY_MESSAGES.confirmApodo} />
          </div>
        )}
        <PictureChoice
          id="child-picture"
          name="picture"
          legend="Su dibujo"
          options={FAMILY_PICTURES.map((picture) => ({
            value: picture.id,
            label: picture.label,
            src: picture.src,
          }))}
          defaultValue={result?.sent?.picture}
          error={addErrors.picture}
        />
        <FormField id="child-birth-year" label="Año de nacimiento" select error={addErrors.birthYear}>
          {(control) => (
            <select {...control} name="birthYear" defaultValue={result?.sent?.birthYear ?? ""}>
              <option value="" disabled>
                Elige un año
              </option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <PinFields idPrefix="child" errors={addErrors} />
        <ConsentCheck
          id="child-consent"
          text={CONSENT_TEXT}
          label="Doy mi consentimiento como su madre, padre o tutor legal"
          error={addErrors.consent}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Añadir lector
        </button>
      </Form>
    </>
  );
}

function ChildCard({
  child,
  busy,
  pinErrors,
}: {
  child: FamilyChildView;
  busy: boolean;
  pinErrors: Partial<Record<string, string>>;
}) {
  return (
    <div className="card h-100">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3 mb-2">
          <img src={child.pictureSrc} alt="" width="64" height="64" />
          <div>
            <h3 className="h5 mb-0">{child.apodo}</h3>
            <p className="small mb-0 text-body-secondary">
              {child.pictureLabel}
              {child.birthYear !== null && ` · nació en ${child.birthYear}`}
            </p>
          </div>
        </div>
        <p className="small">Diste tu consentimiento el {child.consentedAt}.</p>
        <Form method="post" className="mb-2">
          <input type="hidden" name="intent" value="entrar" />
          <input type="hidden" name="childId" value={child.id} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Entrar como {child.apodo}
          </button>
        </Form>
        <p className="mb-1">
          <Link to={`/familia/${child.id}`}>Ver su pasaporte y sus comentarios</Link>
        </p>
        <p className="mb-2">
          <Link to={`/familia/${child.id}/tarjeta`}>
            {child.hasCard ? "Imprimir una tarjeta nueva" : "Imprimir su tarjeta para entrar"}
          </Link>
        </p>
        <details className="mb-2" open={Object.keys(pinErrors).length > 0}>
          <summary>Cambiar su PIN</summary>
          <Form method="post" noValidate className="mt-2">
            <input type="hidden" name="intent" value="pin" />
            <input type="hidden" name="childId" value={child.id} />
            <PinFields idPrefix={`pin-${child.id}`} errors={pinErrors} label="PIN nuevo (4 a 6 números)" />
            <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
              Guardar el PIN
            </button>
          </Form>
        </details>
        <details>
          <summary>Borrar a {child.apodo}</summary>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="borrar" />
            <input type="hidden" name="childId" value={child.id} />
            <p className="small">
              Se borra para siempre: sus desbloqueos, sus comentarios, sus sesiones y sus tarjetas.
            </p>
            <FormField id={`delete-${child.id}`} label="Escribe «borrar» para confirmar">
              {(control) => <input {...control} name="confirmar" autoComplete="off" />}
            </FormField>
            <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
              Borrar para siempre
            </button>
          </Form>
        </details>
      </div>
    </div>
  );
}

/**
 * A child who came in with an e-mail of their own, whose consent this adult gave through the
 * mailed link: they sign in with their own address and password, so there is no PIN or card
 * here; the adult sees them and can withdraw the consent, which deletes the account.
 */
function EmailChildCard({ child, busy }: { child: EmailChildView; busy: boolean }) {
  const title = child.name || child.email;
  return (
    <div className="card h-100">
      <div className="card-body">
        <h3 className="h5 mb-1 text-break">{title}</h3>
        <p className="small mb-2 text-body-secondary text-break">
          Entra con su propio correo: {child.email}
          {child.birthYear !== null && ` · nació en ${child.birthYear}`}
        </p>
        <p className="small">Diste tu permiso por correo el {child.allowedAt}.</p>
        <details>
          <summary>Retirar el permiso</summary>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="retirar" />
            <input type="hidden" name="childId" value={child.id} />
            <p className="small">
              Sin tu permiso no puede usar el sitio: borramos su cuenta para siempre, con sus desbloqueos, sus
              comentarios y sus sesiones.
            </p>
            <FormField id={`withdraw-${child.id}`} label="Escribe «borrar» para confirmar">
              {(control) => <input {...control} name="confirmar" autoComplete="off" />}
            </FormField>
            <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
              Retirar el permiso y borrar su cuenta
            </button>
          </Form>
        </details>
      </div>
    </div>
  );
}
