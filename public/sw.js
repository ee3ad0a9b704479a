// The trip's copy (issue 43, docs/decisions/075). Registered only when a reader saves from
// /pasaporte. It serves what the passport page put in the "viaje" cache when the network fails,
// and never stores anything by itself except a fresher copy of an address already saved for
// the same reader. Plain script, no build step: the names below repeat app/lib/travel-copy.ts.
const CACHE = "viaje";
const INDEX = "/__viaje/indice.json";
const MANIFEST = "/__viaje/manifest.json";
const OWNER = "X-Viaje-Lector";
// Comments written without signal, handed over by the page (decision 081;
// app/features/comments/worker-outbox.client.ts).
const OUTBOX = "buzon";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const readIndex = async (cache) => {
  const kept = await cache.match(INDEX);
  return kept ? kept.json() : null;
};

// The copy is one reader's: an answer for anyone else (nobody, after signing out) deletes it,
// and the worker goes with it, before that answer reaches the page.
async function keepOnlyOwner(response) {
  const owner = response.headers.get(OWNER);
  if (owner === null || !(await caches.has(CACHE))) return null;
  const cache = await caches.open(CACHE);
  const index = await readIndex(cache);
  if (index && index.owner === owner) return { cache, index };
  await caches.delete(CACHE);
  await caches.delete(OUTBOX);
  await self.registration.unregister();
  return null;
}

// With signal, a saved address is refreshed from the answer this reader just got; one the server
// no longer gives them (a chapter locked again) is dropped.
async function refresh(kept, url, response) {
  const key = url.pathname;
  if (!kept || !kept.index.paths.includes(key.replace(/(\/_)?\.data$/, "") || "/")) return;
  // A client-side visit may ask for some routes' data only (?_routes=): never kept as the whole.
  if (url.search) return;
  if (response.status === 200 && !response.redirected) await kept.cache.put(key, response);
  else if (response.status >= 400) await kept.cache.delete(key);
}

const pageOf = (url) => url.pathname.replace(/\.data$/, "").replace(/\/_$/, "/") || "/";

function reloadAsDocument(url) {
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  // React Router reads this as a redirect to load the whole document (which the worker answers).
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": pageOf(url) + (query ? `?${query}` : ""), "X-Remix-Reload-Document": "true" },
  });
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A printed code scanned without signal: the page keeps it and tries again every 20 s, so it
// opens (under the server's usual limits) once the signal returns.
function codeWaitsPage(url) {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="20"><title>Guardamos tu código</title><style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1.5rem;line-height:1.5;color:#212529;background:#fff8ec}a{color:#7a3300}</style></head><body><main><h1>Guardamos tu código…</h1><p>No hay señal ahora. Deja esta página abierta: se abrirá sola cuando vuelva la señal.</p><p><a href="${escape(url.pathname)}">Intentar de nuevo</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function offlinePage(index) {
  const date = index ? new Date(index.savedAt).toLocaleDateString("es-ES", { dateStyle: "long" }) : "";
  const list = index
    ? `<p>Esto sí lo tienes guardado en este teléfono (${escape(date)}):</p><ul>${index.pages
        .map((page) => `<li><a href="${escape(page.path)}">${escape(page.title)}</a></li>`)
        .join("")}</ul>`
    : "<p>No hay nada guardado en este teléfono todavía.</p>";
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sin señal</title><style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1.5rem;line-height:1.5;color:#212529;background:#fff8ec}a{color:#7a3300}li{margin:.5rem 0}</style></head><body><main><h1>Sin señal</h1><p>Esta página no está guardada para el viaje. Cuando vuelva la señal, podrás abrirla.</p>${list}</main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function fromCopy(request, url) {
  const cache = (await caches.has(CACHE)) ? await caches.open(CACHE) : null;
  const index = cache ? await readIndex(cache) : null;
  if (url.pathname === "/__manifest")
    return (
      (index && (await cache.match(MANIFEST))) ||
      new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } })
    );
  const options = { ignoreVary: true };
  const kept =
    index &&
    ((await cache.match(url.pathname + url.search, options)) ||
      (await cache.match(url.pathname, { ...options, ignoreSearch: true })));
  if (kept) return kept;
  if (url.pathname.endsWith(".data")) return reloadAsDocument(url);
  if (request.mode === "navigate") return url.pathname.startsWith("/qr/") ? codeWaitsPage(url) : offlinePage(index);
  return Response.error();
}

async function networkFirst(event, url) {
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    return fromCopy(event.request, url);
  }
  const kept = await keepOnlyOwner(response);
  if (kept) event.waitUntil(refresh(kept, url, response.clone()));
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate" || url.pathname.endsWith(".data") || url.pathname === "/__manifest") {
    event.respondWith(networkFirst(event, url));
    return;
  }
  // Saving the copy again asks the server itself (cache: "no-store"), never the older copy.
  if (request.cache === "no-store") return;
  // Scripts, styles, fonts, pictures and narrations the copy holds: from the copy; anything else
  // as always.
  event.respondWith(
    caches
      .match(request, { cacheName: CACHE, ignoreVary: true })
      .then((kept) => (kept ? rangeOf(request, kept) : fetch(request))),
  );
});

// An audio element asks for byte ranges (to start, and to seek a tapped word): the copy holds the
// whole file, so the range is cut from it.
async function rangeOf(request, kept) {
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") || "");
  if (!range || (!range[1] && !range[2])) return kept;
  const body = await kept.arrayBuffer();
  const size = body.byteLength;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  const headers = new Headers(kept.headers);
  if (start >= size || start > end) {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers });
}

// The signal is back (Background Sync, Chromium): the browser wakes this worker, even with the
// site closed, and each waiting comment is sent as the page would send it. The server stores an
// id once and only as its author's (409 for whoever else is signed in by then); the page's own
// outbox keeps it for its author either way. A failure leaves it for the browser's next try.
self.addEventListener("sync", (event) => {
  if (event.tag === "comentarios") event.waitUntil(sendOutbox());
});

async function sendOutbox() {
  if (!(await caches.has(OUTBOX))) return;
  const outbox = await caches.open(OUTBOX);
  for (const request of await outbox.keys()) {
    const comment = await (await outbox.match(request))?.json().catch(() => null);
    if (comment) {
      const form = new FormData();
      form.set("intent", "comment");
      form.set("text", comment.text);
      form.set("clientId", comment.id);
      form.set("author", comment.author);
      const answer = await fetch(`${comment.path}.data`, { method: "POST", body: form });
      if (answer.status === 429 || answer.status >= 500) throw new Error(`comment not sent yet: ${answer.status}`);
    }
    await outbox.delete(request);
  }
}
