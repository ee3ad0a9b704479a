import { useEffect, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { useValueFromBeforeHydration } from "../../../ui/use-value-from-before-hydration.ts";
import { CHARACTER_MESSAGES } from "../character-messages.ts";
import { EMPTY_CHARACTER_FORM, parseCharacterForm, type CharacterFieldErrors } from "../character.schema.ts";
import type { UnlockChoices } from "../unlock-choices.ts";
import { CharacterFields } from "./character-fields.tsx";

export type EditableCharacter = { id: string; name: string; values: typeof EMPTY_CHARACTER_FORM };

export type CharacterActionResult =
  | { ok: true; mode: "add" | "edit"; id: string; message: string }
  | { ok: false; message: string; fieldErrors?: CharacterFieldErrors };

/** The selector: add a new character, or one of the characters to edit. */
function CharacterPicker({
  characters,
  picker,
  saving,
  onChoose,
}: {
  characters: EditableCharacter[];
  picker: RefObject<HTMLSelectElement | null>;
  saving: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <FormField id="character-select" label="Personaje" labelClassName="fw-bold" className="mb-4" select>
      {(control) => (
        <select
          {...control}
          ref={picker}
          defaultValue=""
          disabled={saving}
          onChange={(event) => onChoose(event.target.value)}
        >
          <option value="">{CHARACTER_MESSAGES.addNewOption}</option>
          {characters.map((character) => (
            <option key={character.id} value={character.id}>
              {character.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Save (or add), and while editing, the way back to adding. */
function SubmitButtons({ editing, saving, onCancel }: { editing: boolean; saving: boolean; onCancel: () => void }) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? "Guardando..." : editing ? "Guardar cambios" : "Agregar personaje"}
      </button>
      {editing && (
        <button type="button" className="btn btn-outline-secondary" disabled={saving} onClick={onCancel}>
          {CHARACTER_MESSAGES.cancelEdit}
        </button>
      )}
    </div>
  );
}

/** The action's answer, coloured red when it is an error. */
function EditorMessage({ message }: { message: string | null }) {
  return (
    <p
      role="status"
      className={`mt-3 mb-0 fw-bold ${message?.includes("Error") ? "text-danger" : "text-success"}`}
      data-testid="character-message"
    >
      {message}
    </p>
  );
}

/**
 * /add-character: a selector (add new, or one of the characters) and the form. Choosing a
 * character fills the form; Cancel Edit goes back to adding. After adding the form empties;
 * after editing it stays. The action's answer is the message, coloured red when it is an error.
 */
export function CharacterEditor({
  characters,
  unlockChoices,
}: {
  characters: EditableCharacter[];
  unlockChoices: UnlockChoices;
}) {
  const fetcher = useFetcher<CharacterActionResult>();
  const [selectedId, setSelectedId] = useState("");
  const [resets, setResets] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<CharacterFieldErrors>({});
  // Checked here with the action's own schema first, so the admin sees the same message at once.
  const [localErrors, setLocalErrors] = useState<CharacterFieldErrors | null>(null);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result) {
      setMessage(result.message);
      setServerErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      // SPEC.md §4: after adding, the form resets; after editing, it stays.
      if (result.ok && result.mode === "add") setResets((count) => count + 1);
    }
  }

  const selected = characters.find((character) => character.id === selectedId) ?? null;
  const editing = selected !== null;
  const values = selected?.values ?? EMPTY_CHARACTER_FORM;
  const errors = localErrors ?? serverErrors;
  const saving = fetcher.state !== "idle";

  const choose = (id: string) => {
    setSelectedId(id);
    setMessage(null);
    setServerErrors({});
    setLocalErrors(null);
  };
  // Uncontrolled, so a character picked before hydration is opened once the page hydrates.
  const picker = useValueFromBeforeHydration<HTMLSelectElement>(choose);
  // A character deleted meanwhile (live) leaves the picker on 'new' again.
  useEffect(() => {
    if (!editing && picker.current) picker.current.value = "";
  }, [editing, picker]);

  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const parsed = parseCharacterForm((field) => form.get(field));
    if (parsed.ok) {
      setLocalErrors(null);
      return;
    }
    event.preventDefault();
    setLocalErrors(parsed.errors);
    setMessage(CHARACTER_MESSAGES.errorPrefix + CHARACTER_MESSAGES.checkFields);
  };

  return (
    <div className="container py-5 character-editor">
      <h1 className="mb-4">Agregar o editar personajes</h1>
      <div className="card card-body shadow-sm">
        <CharacterPicker characters={characters} picker={picker} saving={saving} onChoose={choose} />

        <h2 className="h5 mb-3">{editing ? `Editar: ${selected.name}` : "Nuevo personaje"}</h2>
        <fetcher.Form
          method="post"
          noValidate
          onSubmit={checkBeforeSending}
          key={`${selected?.id ?? "nuevo"}:${resets}`}
        >
          {editing && <input type="hidden" name="id" value={selected.id} />}
          <p className="small text-body-secondary">Los campos con * son obligatorios.</p>
          <CharacterFields values={values} errors={errors} unlockChoices={unlockChoices} />

          <SubmitButtons editing={editing} saving={saving} onCancel={() => choose("")} />
        </fetcher.Form>
        <EditorMessage message={message} />
      </div>
    </div>
  );
}
