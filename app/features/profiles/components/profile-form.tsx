import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { useValueFromBeforeHydration } from "../../../ui/use-value-from-before-hydration.ts";
import { CLANS, clanById, type Clan } from "../clans.ts";
import { ApodoForm } from "./apodo-form.tsx";
import { parseProfileForm, type ProfileFieldErrors } from "../profile.schema.ts";

export type ProfileActionResult = { ok: true } | { ok: false; fieldErrors?: ProfileFieldErrors; error?: string };

type Props = {
  profile: { email: string; displayName: string; age: number | null; clan: number; apodo: string };
  apodoSuggestions: string[];
  /** Shown above the form (a child's account waiting for their family). */
  notice?: ReactNode;
  /** Shown below the form (the route composes other features' parts here). */
  children?: ReactNode;
};

export const AGE_NOTE = "No mostraremos tu edad en el sitio, es solo para fines de personalización.";

export function ProfileForm({ profile, apodoSuggestions, notice, children }: Props) {
  const [clanId, setClanId] = useState(profile.clan);
  const clan = clanById(clanId);

  return (
    <div className={`profile-page clan-bg-${clan.id}`} data-clan={clan.id}>
      <div className="container py-5">
        <h1 className="mb-4">Tu perfil</h1>
        {notice}
        <div className="row g-4">
          <div className="col-lg-7">
            <ProfileDetailsForm profile={profile} onClanChange={setClanId} />
          </div>
          <div className="col-lg-5">
            <ApodoForm apodo={profile.apodo} suggestions={apodoSuggestions} />
            <ClanCard clan={clan} />
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

type ProfileDetailsFormProps = {
  profile: Props["profile"];
  /** The clan picked, so the page takes its colours before it is saved. */
  onClanChange: (clanId: number) => void;
};

/** The account's name to show, age and clan, checked before sending and saved in place. */
function ProfileDetailsForm({ profile, onClanChange }: ProfileDetailsFormProps) {
  const fetcher = useFetcher<ProfileActionResult>();
  // Uncontrolled, so a clan picked before hydration stays (and the page takes its colours).
  const clanSelect = useValueFromBeforeHydration<HTMLSelectElement>((value) => onClanChange(Number(value)));
  // Checked here with the action's own schema, so the reader sees the same message at once.
  const [localErrors, setLocalErrors] = useState<ProfileFieldErrors | null>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldErrors = localErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {});

  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = parseProfileForm({
      displayName: form.get("displayName"),
      age: form.get("age"),
      clan: form.get("clan"),
    });
    if (parsed.ok) {
      setLocalErrors(null);
    } else {
      event.preventDefault();
      setLocalErrors(parsed.errors);
    }
  };

  return (
    <fetcher.Form method="post" className="card card-body shadow-sm" noValidate onSubmit={checkBeforeSending}>
      <p className="small">Cuenta: {profile.email}</p>
      <FormField id="displayName" label="Nombre para mostrar" error={fieldErrors.displayName}>
        {(control) => (
          <input
            {...control}
            name="displayName"
            defaultValue={profile.displayName}
            required
            maxLength={60}
            autoComplete="nickname"
          />
        )}
      </FormField>
      <FormField id="age" label="Edad" error={fieldErrors.age} hint={AGE_NOTE}>
        {(control) => (
          <input
            {...control}
            name="age"
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            step={1}
            defaultValue={profile.age ?? ""}
          />
        )}
      </FormField>
      <FormField id="clan" label="Clan" error={fieldErrors.clan} select>
        {(control) => (
          <select
            {...control}
            name="clan"
            ref={clanSelect}
            defaultValue={profile.clan}
            onChange={(event) => onClanChange(Number(event.target.value))}
          >
            {CLANS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="small fw-bold">Recuerda guardar tus cambios antes de salir de la página.</p>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? "Guardando..." : "Guardar"}
      </button>
      <SaveOutcome localErrors={localErrors} result={result} />
    </fetcher.Form>
  );
}

/** Saved, or why not: the fields' own check first, else the action's answer. */
function SaveOutcome({
  localErrors,
  result,
}: {
  localErrors: ProfileFieldErrors | null;
  result: ProfileActionResult | undefined;
}) {
  const errorText = localErrors
    ? "revisa los campos marcados."
    : result && !result.ok
      ? (result.error ?? "revisa los campos marcados.")
      : null;
  return (
    <div aria-live="polite" className="mt-3">
      {!localErrors && result?.ok && <p className="text-success fw-bold mb-0">Profile saved successfully!</p>}
      {errorText && (
        <p className="text-danger fw-bold mb-0" role="alert">
          Error saving profile: {errorText}
        </p>
      )}
    </div>
  );
}

/** The chosen clan's emblem and words, and the way to the passport. */
function ClanCard({ clan }: { clan: Clan }) {
  return (
    <section className="card card-body clan-card shadow-sm" aria-labelledby="clan-title">
      {clan.emblem && (
        <img src={clan.emblem} alt={`Emblema del clan ${clan.name}`} width="120" height="120" className="mb-3" />
      )}
      <h2 id="clan-title" className="h4">
        {clan.title}
      </h2>
      <p className="mb-0">{clan.description}</p>
      <p className="mt-3 mb-0">
        <Link to="/pasaporte">Ver tu pasaporte</Link>: los capítulos y personajes que has encontrado.
      </p>
    </section>
  );
}
