import { useEffect, useRef, useState, type RefObject } from "react";
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

/**
 * The search as the reader types it, kept in step with the address's ?q=: the field's ref, so
 * what was typed before hydration becomes the search, and a navigation to another ?q= replaces it.
 */
function useSearch(searchFromUrl: string) {
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
  return { search, setSearch, searchField };
}

/** Which character's detail is shown, and whether the modal is open: ?personaje= opens one. */
function useOpenDetail(openId: string | null) {
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
  const show = (id: string) => {
    setDetailId(id);
    setOpen(true);
  };
  return { detailId, open, show, close: () => setOpen(false) };
}

/** Whether the collection is being loaded again (a live update, or a navigation to it). */
function useCharactersLoading() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  return (
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/personajes")
  );
}

/** The page's title and introduction, with the reader's progress or a visitor's invitation. */
function GalleryHeader({ characters, unlocked }: { characters: PublicCharacter[]; unlocked: Set<string> | null }) {
  const unlockedCount = unlocked ? characters.filter((character) => unlocked.has(character.id)).length : 0;
  return (
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
  );
}

/** The search by name. Without JavaScript yet, the form still works: it asks the server for ?q=. */
function SearchForm({
  searchField,
  searchFromUrl,
  onSearch,
}: {
  searchField: RefObject<HTMLInputElement | null>;
  searchFromUrl: string;
  onSearch: (search: string) => void;
}) {
  return (
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
          onSearch(event.target.value);
          replaceParamInUrl("q", event.target.value);
        }}
      />
    </form>
  );
}

/** Said to screen readers: the collection is loading, or how many cards the search leaves. */
function GalleryStatus({ loading, found, total }: { loading: boolean; found: number | null; total: number }) {
  return (
    <div className="characters-status" role="status">
      {loading && (
        <>
          <span className="spinner-border spinner-border-sm" aria-hidden="true" data-testid="characters-loading" />
          <span className="visually-hidden">{CHARACTER_MESSAGES.loading}</span>
        </>
      )}
      {found !== null && <span className="visually-hidden">{`${found} de ${total} personajes`}</span>}
    </div>
  );
}

/** The cards the search leaves, or why there are none (nothing found, or the loading failed). */
function CharacterGrid({
  visible,
  unlocked,
  search,
  loadError,
  onOpen,
}: {
  visible: PublicCharacter[];
  unlocked: Set<string> | null;
  search: string;
  loadError: string | null;
  onOpen: (id: string) => void;
}) {
  if (loadError)
    return (
      <div className="alert alert-danger" role="alert">
        {CHARACTER_MESSAGES.loadError}
        {loadError}
      </div>
    );
  if (visible.length === 0) return <p className="characters-empty">{noCharactersMessage(search)}</p>;
  return (
    <ul className="row g-2 g-md-3 list-unstyled characters-grid">
      {visible.map((character, index) => (
        <CharacterCard
          key={character.id}
          character={character}
          unlocked={unlocked ? unlocked.has(character.id) : null}
          eager={index < FIRST_ROW}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}

export function CharacterGallery({ characters, unlockedIds, search: searchFromUrl, openId, loadError }: Props) {
  const { search, setSearch, searchField } = useSearch(searchFromUrl);
  const nonce = useNonce();
  const detailShown = useOpenDetail(openId);
  const loading = useCharactersLoading();

  const unlocked = unlockedIds ? new Set(unlockedIds) : null;
  const visible = filterByName(characters, search);
  // Looked up by id: a live update of the open character shows in the modal at once.
  const detail = characters.find((character) => character.id === detailShown.detailId) ?? null;
  const searching = search.trim() !== "";

  return (
    <div className="container py-4 characters-page">
      <GalleryHeader characters={characters} unlocked={unlocked} />
      <SearchForm searchField={searchField} searchFromUrl={searchFromUrl} onSearch={setSearch} />
      <GalleryStatus
        loading={loading}
        found={searching && !loadError ? visible.length : null}
        total={characters.length}
      />
      <CharacterGrid
        visible={visible}
        unlocked={unlocked}
        search={search}
        loadError={loadError}
        onOpen={(id) => {
          detailShown.show(id);
          // The open card's address can be copied and shared (its own link preview).
          replaceParamInUrl(CHARACTER_DETAIL_PARAM, id);
        }}
      />

      {/* Filters the server's cards as the reader types, from the first paint until React takes over. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FILTER_BEFORE_HYDRATION }} suppressHydrationWarning />

      <DialogModal
        open={detailShown.open && detail !== null}
        onClose={() => {
          detailShown.close();
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
