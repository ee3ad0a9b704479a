import { Form, Link, useActionData, useNavigation } from "react-router";
import { PictureChoice } from "../../../ui/picture-choice.tsx";
import { CLANS } from "../clans.ts";

/** /mi-clan: a reader picks their clan by its emblem (a labelled radio group). */
export function ClanChoice({ clan }: { clan: number }) {
  const result = useActionData<{ error: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-4">
      <p>
        <Link to="/pasaporte">← Tu pasaporte</Link>
      </p>
      <h1 className="mb-3">Tu clan</h1>
      <Form method="post">
        <PictureChoice
          id="clan"
          name="clan"
          legend="Elige el clan que te llama"
          options={CLANS.map((option) => ({ value: String(option.id), label: option.name, src: option.emblem }))}
          defaultValue={String(clan)}
          error={result?.error}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Guardar mi clan
        </button>
      </Form>
    </div>
  );
}
