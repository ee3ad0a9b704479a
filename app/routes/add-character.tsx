import { data } from "react-router";
import type { Route } from "./+types/add-character";
import { CharacterEditor, type CharacterActionResult } from "../features/characters/components/character-form.tsx";
import { CHARACTER_MESSAGES } from "../features/characters/character-messages.ts";
import { CHARACTERS_TOPIC } from "../features/characters/character-topics.ts";
import {
  CHARACTER_FIELD_MESSAGES,
  characterFormValues,
  parseCharacterForm,
} from "../features/characters/character.schema.ts";
import {
  createCharacter,
  getCharacter,
  listCharacters,
  updateCharacter,
} from "../features/characters/characters.server.ts";
import { isOfferedUnlock } from "../features/characters/unlock-choices.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { unlockChoices } from "../pages/unlock-choices.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { requireAdmin } from "../access/session.server.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  const [characters, choices] = await Promise.all([listCharacters(db), unlockChoices(db)]);
  return {
    characters: characters.map((character) => ({
      id: character.id,
      name: character.name,
      values: characterFormValues(character),
    })),
    unlockChoices: choices,
  };
}

const error = (message: string) => CHARACTER_MESSAGES.errorPrefix + message;

export async function action({ request, url, context }: Route.ActionArgs) {
  // Who wrote it comes from the session, never from the form.
  const admin = await requireAdmin({ url, context });
  const { db, live } = services(context);
  const form = await request.formData();
  const parsed = parseCharacterForm((field) => form.get(field));
  if (!parsed.ok) {
    return data<CharacterActionResult>(
      { ok: false, message: error(CHARACTER_MESSAGES.checkFields), fieldErrors: parsed.errors },
      { status: 400 },
    );
  }
  const id = form.get("id");
  const editing = typeof id === "string" && id !== "";
  // What unlocks it comes from the editor's list (a chapter or a QR code); a path saved before
  // the list existed may stay as it is.
  const unlock = parsed.data.requiredUrl;
  if (
    unlock !== null &&
    !isOfferedUnlock(await unlockChoices(db), unlock) &&
    !(editing && (await getCharacter(db, id))?.requiredUrl === unlock)
  ) {
    const fieldErrors = { requiredUrl: CHARACTER_FIELD_MESSAGES.requiredUrlInvalid };
    return data<CharacterActionResult>(
      { ok: false, message: error(CHARACTER_MESSAGES.checkFields), fieldErrors },
      { status: 400 },
    );
  }
  const publish = live.publish;
  try {
    const saved = editing
      ? await updateCharacter(db, admin.id, id, parsed.data, publish)
      : await createCharacter(db, admin.id, parsed.data, publish);
    if (!saved.ok)
      return data<CharacterActionResult>({ ok: false, message: error(CHARACTER_MESSAGES.notFound) }, { status: 404 });
    return data<CharacterActionResult>({
      ok: true,
      mode: editing ? "edit" : "add",
      id: saved.id,
      message: editing ? CHARACTER_MESSAGES.updated : CHARACTER_MESSAGES.added,
    });
  } catch (failure) {
    log.error("character save failed", { requestId: requestId(request), error: failure });
    const message = failure instanceof Error ? failure.message : String(failure);
    return data<CharacterActionResult>({ ok: false, message: error(message) }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Personajes: agregar o editar",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

export default function AddCharacter({ loaderData }: Route.ComponentProps) {
  // Another admin's save shows in the selector too.
  useLiveRevalidation([CHARACTERS_TOPIC]);
  return <CharacterEditor characters={loaderData.characters} unlockChoices={loaderData.unlockChoices} />;
}
