/**
 * 'Guardar para el viaje' (issue 43, decision 075), loaded on the first click only: fetches what
 * the server gives this reader for each saved address, the page and its `.data`, and every
 * script, stylesheet, font and picture they use, and keeps them in the "viaje" cache, where
 * public/sw.js answers from when the network fails. Only answers the server marked as this
 * reader's are kept.
 */
import {
  formatTravelCookie,
  NO_READER,
  TRAVEL_CACHE,
  TRAVEL_COOKIE,
  TRAVEL_INDEX_URL,
  TRAVEL_MANIFEST_URL,
  TRAVEL_OWNER_HEADER,
  type TravelCookie,
} from "../../lib/travel-copy.ts";

/** What the server says this reader may keep: their unlocked chapters' slug paths, and the other pages. */
export type TripPlan = { owner: string; chapterPaths: string[]; otherPaths: string[]; siteFiles: string[] };

/**
 * Loads the modules a saved page loads on demand (the route composes them: the reading module of
 * 'Léemelo'), so their scripts are among the files this page fetched, which are kept.
 */
export type LoadOnDemand = () => Promise<unknown>;

type RouteManifestEntry = { module?: string; imports?: string[]; css?: string[] };
type BrowserManifest = {
  version: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteManifestEntry>;
};

/**
 * A chapter's narration files (decision 074), beside its slug path (never under a token path), at
 * the very addresses its page names (with their version), or none when it names none.
 */
function narrationOf(path: string, html: string): string[] {
  const named = (file: string) => {
    const address = `/narracion${path}/${file}`;
    return new RegExp(`${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\?v=\\d+)?`).exec(html)?.[0];
  };
  const files = [named("audio.ogg"), named("palabras.json")];
  return files.every(Boolean) ? (files as string[]) : [];
}

/** React Router's `.data` address of a page (its single-fetch convention). */
const dataPathOf = (path: string) => (path.endsWith("/") ? `${path}_.data` : `${path}.data`);

const sameOrigin = (address: string | null | undefined): string | null => {
  if (!address) return null;
  const url = new URL(address, location.href);
  return url.origin === location.origin ? url.pathname + url.search : null;
};

const routeFiles = (route: RouteManifestEntry | null | undefined) =>
  route ? [route.module, ...(route.imports ?? []), ...(route.css ?? [])] : [];

/** Scripts, styles, icons and pictures a saved page asks for. */
function filesOfPage(html: string): { title: string; files: string[] } {
  const page = new DOMParser().parseFromString(html, "text/html");
  const files = [
    ...Array.from(page.querySelectorAll("img[src]"), (image) => image.getAttribute("src")),
    // The glossary cards' recorded pronunciations (decision 077): a card works offline whole.
    ...Array.from(page.querySelectorAll("audio[src]"), (audio) => audio.getAttribute("src")),
    ...Array.from(page.querySelectorAll("script[src]"), (script) => script.getAttribute("src")),
    ...Array.from(page.querySelectorAll("link[href]"), (link) =>
      link.getAttribute("rel") === "canonical" ? null : link.getAttribute("href"),
    ),
  ];
  // Listed by the worker's page without signal: the page's heading, not its tab title with the
  // site's name after it.
  const heading = page.querySelector("main h1")?.textContent?.replace(/\s+/g, " ").trim();
  return {
    title: heading || page.title,
    files: files.map(sameOrigin).filter((file): file is string => file !== null),
  };
}

/** Clears the copy on this device: the cache, the worker and the cookie that told /pasaporte. */
export async function clearTrip() {
  await caches.delete(TRAVEL_CACHE);
  const registration = await navigator.serviceWorker?.getRegistration("/");
  await registration?.unregister();
  document.cookie = `${TRAVEL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** The copy being written: what it keeps, and how many bytes so far. */
type CopyWriter = {
  cache: Cache;
  keep(address: string, response: Response): Promise<void>;
  /** An answer the server marked as this reader's, whole and where it was asked. */
  mine(response: Response): boolean;
  readonly kept: ReadonlySet<string>;
  readonly bytes: number;
};

/**
 * Opens this reader's copy for writing. Saving again over their own copy keeps it readable until
 * the new one is complete (a refresh in the background may lose the signal half way); anyone
 * else's is deleted first, and the owner is written before anything else: no saved answer is
 * ever without one.
 */
async function openCopy(owner: string, writeIndex: (cache: Cache) => Promise<void>): Promise<CopyWriter> {
  const previous = (await caches.has(TRAVEL_CACHE))
    ? await (
        await caches.open(TRAVEL_CACHE)
      )
        .match(TRAVEL_INDEX_URL)
        .then((kept) => kept?.json() as Promise<{ owner?: string }> | undefined)
    : undefined;
  const again = previous?.owner === owner;
  if (!again) await caches.delete(TRAVEL_CACHE);
  const cache = await caches.open(TRAVEL_CACHE);
  if (!again) await writeIndex(cache);
  let bytes = 0;
  const kept = new Set<string>([TRAVEL_INDEX_URL]);
  return {
    cache,
    kept,
    get bytes() {
      return bytes;
    },
    async keep(address, response) {
      const body = await response.clone().arrayBuffer();
      bytes += body.byteLength;
      await cache.put(address, response);
      kept.add(address);
    },
    mine: (response) => response.ok && !response.redirected && response.headers.get(TRAVEL_OWNER_HEADER) === owner,
  };
}

/**
 * Each saved address's page and `.data`, as the server gave them to this reader (a page that asks
 * for a code, a 404, is not kept), and a chapter's narration where its page names one. Answers
 * the pages kept, the files they use, and whether any reads aloud.
 */
async function keepPages(copy: CopyWriter, paths: string[]) {
  const pages: { path: string; title: string }[] = [];
  const files = new Set<string>();
  let readsAloud = false;
  for (const path of paths) {
    const [document, data] = await Promise.all([
      fetch(path, { headers: { Accept: "text/html" }, cache: "no-store" }),
      fetch(dataPathOf(path), { cache: "no-store" }),
    ]);
    if (!copy.mine(document) || !copy.mine(data)) continue;
    const html = await document.clone().text();
    const { title, files: used } = filesOfPage(html);
    await copy.keep(path, document);
    await copy.keep(dataPathOf(path), data);
    pages.push({ path, title });
    used.forEach((file) => files.add(file));
    // 'Léemelo' offline: the whole recording and its timings, when the page names them (the
    // server names them only on a chapter this reader may read, and answers them by the same rule).
    const narration = narrationOf(path, html);
    if (narration.length > 0) {
      const answers = await Promise.all(narration.map((address) => fetch(address, { cache: "no-store" })));
      if (answers.every(copy.mine)) {
        for (const [index, address] of narration.entries()) await copy.keep(address, answers[index]!);
        readsAloud = true;
      }
    }
  }
  return { pages, files, readsAloud };
}

/**
 * The route modules of every saved page. React Router asks /__manifest which routes a
 * client-side visit needs; offline, the worker answers with this one, for every saved address.
 */
async function keepRouteManifest(copy: CopyWriter, paths: string[], files: Set<string>) {
  const manifest = (window as unknown as { __reactRouterManifest?: BrowserManifest }).__reactRouterManifest;
  if (!manifest) return;
  routeFiles(manifest.entry).forEach((file) => file && files.add(file));
  Object.values(manifest.routes).forEach((route) => routeFiles(route).forEach((file) => file && files.add(file)));
  const query = new URLSearchParams({ paths: paths.join(","), version: manifest.version });
  const routes = await fetch(`/__manifest?${query}`);
  if (!routes.ok) return;
  const patches = (await routes.clone().json()) as Record<string, RouteManifestEntry>;
  Object.values(patches).forEach((route) => routeFiles(route).forEach((file) => file && files.add(file)));
  await copy.keep(TRAVEL_MANIFEST_URL, routes);
}

/** Same-origin scripts, styles, fonts and pictures, as the browser gets them. */
async function keepFiles(copy: CopyWriter, files: Set<string>) {
  // Fonts and whatever else the site's look loaded on this page.
  for (const entry of performance.getEntriesByType("resource")) {
    const file = sameOrigin(entry.name);
    if (file && /^\/(assets|fonts)\//.test(file)) files.add(file);
  }
  for (const file of files) {
    if (file.startsWith("/api/") || file.endsWith(".data")) continue;
    const response = await fetch(file).catch(() => null);
    if (response?.ok && response.type === "basic" && !response.redirected) await copy.keep(file, response);
  }
}

export async function saveForTrip(
  plan: TripPlan,
  loadReadAloud?: LoadOnDemand,
  loadOffline?: LoadOnDemand,
): Promise<TravelCookie> {
  if (!("serviceWorker" in navigator) || !("caches" in window)) throw new Error("unsupported");
  if (plan.owner === NO_READER) throw new Error("no reader");
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const savedAt = Date.now();
  const writeIndex = (cache: Cache, state: string, pages: { path: string; title: string }[], bytes: number) =>
    cache.put(
      TRAVEL_INDEX_URL,
      Response.json({ owner: plan.owner, state, savedAt, paths: pages.map((page) => page.path), pages, bytes }),
    );
  const copy = await openCopy(plan.owner, (cache) => writeIndex(cache, "guardando", [], 0));

  const { pages, files, readsAloud } = await keepPages(copy, [...plan.chapterPaths, ...plan.otherPaths]);
  // The reading module loads on the press of 'Léemelo': loading it here puts its script among
  // the files this page fetched, which are kept below.
  if (readsAloud) await loadReadAloud?.().catch(() => null);
  // What a saved page loads by itself without signal (a comment's hand-off to the worker).
  await loadOffline?.().catch(() => null);
  await keepRouteManifest(
    copy,
    pages.map((page) => page.path),
    files,
  );
  // Files every saved page may need: the whole stylesheet, which a client-side visit to another
  // route waits for (decision 080).
  plan.siteFiles.forEach((file) => files.add(file));
  await keepFiles(copy, files);

  const chapters = pages.filter((page) => plan.chapterPaths.includes(page.path)).length;
  await writeIndex(copy.cache, "guardado", pages, copy.bytes);
  // What an older copy held and this one does not (a chapter locked again, old scripts) goes.
  for (const request of await copy.cache.keys()) {
    const url = new URL(request.url);
    if (!copy.kept.has(url.pathname + url.search)) await copy.cache.delete(request);
  }
  // The build its pages came from: a copy of an older one is saved again (decision 082).
  const build = (window as unknown as { __reactRouterManifest?: BrowserManifest }).__reactRouterManifest?.version;
  const saved = { owner: plan.owner, savedAt, chapters, bytes: copy.bytes, build };
  document.cookie = `${TRAVEL_COOKIE}=${encodeURIComponent(formatTravelCookie(saved))}; Path=/; Max-Age=31536000; SameSite=Lax`;
  // Installed or engaged sites keep their storage when the phone runs short (Safari: on the home screen).
  await navigator.storage?.persist?.().catch(() => false);
  return saved;
}
