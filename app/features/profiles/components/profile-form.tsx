import { useState } from "react";
import { useFetcher } from "react-router";
import { CLANS, clanById } from "../clans.ts";
import { parseProfileForm, type ProfileFieldErrors } from "../profile.schema.ts";

export type ProfileActionResult = { ok: true } | { ok: false; fieldErrors?: ProfileFieldErrors; error?: string };

type Props = { profile: { email: string; displayName: string; age: number | null; clan: number } };

export const AGE_NOTE = "No mostraremos tu edad en el sitio, es solo para fines de personalización.";

export function ProfileForm({ profile }: Props) {
  const fetcher = useFetcher<ProfileActionResult>();
  const [clanId, setClanId] = useState(profile.clan);
  // Checked here with the action's own schema, so the reader sees the same message at once.
  const [localErrors, setLocalErrors] = useState<ProfileFieldErrors | null>(null);
  const clan = clanById(clanId);
  const saving = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldErrors = localErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {});
  const errorText = localErrors
    ? "revisa los campos marcados."
    : result && !result.ok
      ? (result.error ?? "revisa los campos marcados.")
      : null;

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
    <div className={`profile-page clan-bg-${clan.id}`} data-clan={clan.id}>
      <div className="container py-5">
        <h1 className="mb-4">Tu perfil</h1>
        <div className="row g-4">
          <div className="col-lg-7">
            <fetcher.Form method="post" className="card card-body shadow-sm" noValidate onSubmit={checkBeforeSending}>
              <p className="small">Cuenta: {profile.email}</p>
              <div className="mb-3">
                <label htmlFor="displayName" className="form-label">
                  Nombre para mostrar
                </label>
                <input
                  id="displayName"
                  name="displayName"
                  className={`form-control${fieldErrors.displayName ? " is-invalid" : ""}`}
                  defaultValue={profile.displayName}
                  required
                  maxLength={60}
                  autoComplete="nickname"
                  aria-invalid={fieldErrors.displayName ? true : undefined}
                  aria-describedby={fieldErrors.displayName ? "displayName-error" : undefined}
                />
                {fieldErrors.displayName && (
                  <div id="displayName-error" className="invalid-feedback">
                    {fieldErrors.displayName}
                  </div>
                )}
              </div>
              <div className="mb-3">
                <label htmlFor="age" className="form-label">
                  Edad
                </label>
                <input
                  id="age"
                  name="age"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={120}
                  step={1}
                  className={`form-control${fieldErrors.age ? " is-invalid" : ""}`}
                  defaultValue={profile.age ?? ""}
                  aria-invalid={fieldErrors.age ? true : undefined}
                  aria-describedby={fieldErrors.age ? "age-error age-note" : "age-note"}
                />
                {fieldErrors.age && (
                  <div id="age-error" className="invalid-feedback">
                    {fieldErrors.age}
                  </div>
                )}
                <div id="age-note" className="form-text">
                  {AGE_NOTE}
                </div>
              </div>
              <div className="mb-3">
                <label htmlFor="clan" className="form-label">
                  Clan
                </label>
                <select
                  id="clan"
                  name="clan"
                  className={`form-select${fieldErrors.clan ? " is-invalid" : ""}`}
                  value={clanId}
                  onChange={(event) => setClanId(Number(event.target.value))}
                  aria-invalid={fieldErrors.clan ? true : undefined}
                  aria-describedby={fieldErrors.clan ? "clan-error" : undefined}
                >
                  {CLANS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </select>
                {fieldErrors.clan && (
                  <div id="clan-error" className="invalid-feedback">
                    {fieldErrors.clan}
                  </div>
                )}
              </div>
              <p className="small fw-bold">Recuerda guardar tus cambios antes de salir de la página.</p>
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? "Guardando..." : "Guardar"}
              </button>
              <div aria-live="polite" className="mt-3">
                {!localErrors && result?.ok && <p className="text-success fw-bold mb-0">Profile saved successfully!</p>}
                {errorText && (
                  <p className="text-danger fw-bold mb-0" role="alert">
                    Error saving profile: {errorText}
                  </p>
                )}
              </div>
            </fetcher.Form>
          </div>
          <div className="col-lg-5">
            <section className="card card-body clan-card shadow-sm" aria-labelledby="clan-title">
              {clan.emblem && (
                <img
                  src={clan.emblem}
                  alt={`Emblema del clan ${clan.name}`}
                  width="120"
                  height="120"
                  className="mb-3"
                />
              )}
              <h2 id="clan-title" className="h4">
                {clan.title}
              </h2>
              <p className="mb-0">{clan.description}</p>
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
