import { useEffect, useRef, useState } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { DialogModal } from "../../../ui/dialog-modal.tsx";
import { useNonce } from "../../../ui/nonce.tsx";
import { useValueFromBeforeHydration } from "../../../ui/use-value-from-before-hydration.ts";
import { CHARACTER_DETAIL_PARAM } from "../../../lib/public-paths.ts";
import type { PublicCharacter } from "../characters.server.ts";
import { CHARACTER_MESSAGES, SIGN_UP_FROM_COLLECTION, unlockProgress } from "../character-messages.ts";
import { FILTER_BEFORE_HYDRATION, SEARCH_FIELD_ID, filterByName, noCharactersMessage } from "../character-search.ts";
import { CharacterCard } from "./character-card.tsx";
import { CharacterDetail, DETAIL_TITLE_ID } from "./character-detail.tsx";

/** Cards of the first row (6 from medium screens) load their images at once. */
const FIRST_ROW = 6;

type Props = {
  characters: PublicCharacter[];
  unlockedIds: string[] | null;
  /** The `?q=` the page was opened with: a search is linkable and rendered by the server. */
  search: string;
  /** The `?personaje=` the page was opened with: that character's detail opens on arrival. */
  openId: string | null;
  loadError: string | null;
};

/**
 * Keeps `?q=` in the address bar as the reader types, without a navigation: the list is
 * already here, so there is nothing to load, and a navigation per keystroke would also count
 * as a page view. React Router's own history state is kept as it is.
 */
function replaceParamInUrl(name: string, value: string) {
  const url = new URL(window.location.href);
  if (value.trim()) url.searchParams.set(name, value);
  else url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", url);
}

export function CharacterGallery({ characters, unlockedIds, search: searchFromUrl, openId, loadError }: Props) {
  const [search, setSearch] = useState(searchFromUrl);
  // The field is uncontrolled: what a reader typed before the scripts arrived (the inline filter
  // below already applied it) becomes the search when the page hydrates, and the address's ?q=.
  const searchField = useValueFromBeforeHydration<HTMLInputElement>((typed) => {
    if (typed === searchFromUrl) return;
    setSearch(typed);
    replaceParamInUrl("q", typed);
  });
  // A real navigation to another ?q= (back button, a link) replaces what was typed.
  const [lastSearchFromUrl, setLastSearchFromUrl] = useState(searchFromUrl);
  if (searchFromUrl !== lastSearchFromUrl) {
    setLastSearchFromUrl(searchFromUrl);
    setSearch(searchFromUrl);
  }
  const searchShownFromUrl = useRef(searchFromUrl);
  useEffect(() => {
    if (searchShownFromUrl.current === searchFromUrl) return;
    searchShownFromUrl.current = searchFromUrl;
    if (searchField.current) searchField.current.value = searchFromUrl;
  }, [searchFromUrl, searchField]);
  const nonce = useNonce();
  const [detailId, setDetailId] = useState(openId);
  const [open, setOpen] = useState(openId !== null);
  // A link to another ?personaje= while the page is shown opens that one.
  const [lastOpenId, setLastOpenId] = useState(openId);
  if (openId !== lastOpenId) {
    setLastOpenId(openId);
    if (openId) {
      setDetailId(openId);
      setOpen(true);
    }
  }

  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/personajes");

  const unlocked = unlockedIds ? new Set(unlockedIds) : null;
  const unlockedCount = unlocked ? characters.filter((character) => unlocked.has(character.id)).length : 0;
  const visible = filterByName(characters, search);
  // Looked up by id: a live update of the open character shows in the modal at once.
  const detail = characters.find((character) => character.id === detailId) ?? null;
  const searching = search.trim() !== "";

  return (
    <div className="container py-4 characters-page">
      <header className="text-center mb-4">
        <h1>Personajes</h1>
        <p className="lead">
          Conoce a quienes acompañan a Valentina y a Taquito en su viaje al Mictlán. Elige una carta para ver su ficha.
        </p>
        {unlocked && (
          <p className="characters-progress" data-testid="unlock-progress">
            {unlockProgress(unlockedCount, characters.length)}
          </p>
        )}
        {!unlocked && characters.some((character) => character.locked) && (
          <p className="characters-invitation">
            {CHARACTER_MESSAGES.visitorInvitation}{" "}
            <Link to={SIGN_UP_FROM_COLLECTION}>{CHARACTER_MESSAGES.visitorInvitationLink}</Link>
            {CHARACTER_MESSAGES.visitorInvitationRest}
          </p>
        )}
      </header>

      {/* Without JavaScript yet, the form still works: it asks the server for ?q=. */}
      <form
        role="search"
        method="get"
        action="/personajes"
        className="characters-search mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={SEARCH_FIELD_ID} className="form-label">
          {CHARACTER_MESSAGES.searchLabel}
        </label>
        <input
          ref={searchField}
          id={SEARCH_FIELD_ID}
          name="q"
          type="search"
          className="form-control"
          defaultValue={searchFromUrl}
          maxLength={120}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.target.value);
            replaceParamInUrl("q", event.target.value);
          }}
        />
      </form>

      <div className="characters-status" role="status">
        {loading && (
          <>
            <span className="spinner-border spinner-border-sm" aria-hidden="true" data-testid="characters-loading" />
            <span className="visually-hidden">{CHARACTER_MESSAGES.loading}</span>
          </>
        )}
        {searching && !loadError && (
          <span className="visually-hidden">{`${visible.length} de ${characters.length} personajes`}</span>
        )}
      </div>

      {loadError ? (
        <div className="alert alert-danger" role="alert">
          {CHARACTER_MESSAGES.loadError}
          {loadError}
        </div>
      ) : visible.length === 0 ? (
        <p className="characters-empty">{noCharactersMessage(search)}</p>
      ) : (
        <ul className="row g-2 g-md-3 list-unstyled characters-grid">
          {visible.map((character, index) => (
            <CharacterCard
              key={character.id}
              character={character}
              unlocked={unlocked ? unlocked.has(character.id) : null}
              eager={index < FIRST_ROW}
              onOpen={(id) => {
                setDetailId(id);
                setOpen(true);
                // The open card's address can be copied and shared (its own link preview).
                replaceParamInUrl(CHARACTER_DETAIL_PARAM, id);
              }}
            />
          ))}
        </ul>
      )}

      {/* Filters the server's cards as the reader types, from the first paint until React takes over. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FILTER_BEFORE_HYDRATION }} suppressHydrationWarning />

      <DialogModal
        open={open && detail !== null}
        onClose={() => {
          setOpen(false);
          // Closed is closed: a reload or a shared address shows the collection, not this card.
          replaceParamInUrl(CHARACTER_DETAIL_PARAM, "");
        }}
        labelledBy={DETAIL_TITLE_ID}
        size="lg"
        className="character-modal"
      >
        {detail && (
          <CharacterDetail
            character={detail}
            unlocked={unlocked ? unlocked.has(detail.id) : null}
            signedIn={unlocked !== null}
          />
        )}
      </DialogModal>
    </div>
  );
}
