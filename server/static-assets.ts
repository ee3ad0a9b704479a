import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, extname, join, relative, sep } from "node:path";

/** Content types of what the client build puts under /assets. */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

type Variant = { body: Buffer; encoding?: "br" | "gzip" };
type Asset = { type: string; etag: string; identity: Variant; br?: Variant; gzip?: Variant };

export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The fast path for the client build's hashed files (`/assets/*`, named by their content): held
 * in memory with their precompressed .br/.gz twins (scripts/precompress.ts) and answered straight
 * from Node's request handler, before the app. A hashed file is the same for everyone and never
 * changes, so it needs no request id, no CSP nonce and no per-request compression; it is cached
 * for a year. Anything that is not a known file (a miss, another method) goes on to the app.
 */
export function hashedAssets(clientDir: string, { archiveDir }: { archiveDir?: string } = {}) {
  const assets = new Map<string, Asset>();
  const root = join(clientDir, "assets");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith(".br") && !name.endsWith(".gz")) {
        assets.set(`/assets/${relative(root, path).split(sep).join("/")}`, loadAsset(path));
      }
    }
  };
  if (existsSync(root)) walk(root);

  // Earlier builds' files (archiveAssets): read on first request, then kept like the rest.
  const archived = new Map<string, Asset | null>();
  const fromArchive = (path: string): Asset | null => {
    if (!archiveDir || !ASSET_PATH.test(path)) return null;
    let asset = archived.get(path);
    if (asset === undefined) {
      const file = join(archiveDir, ...path.split("/").slice(1));
      asset = existsSync(file) && statSync(file).isFile() ? loadAsset(file) : null;
      // Misses are not remembered: a file may be archived later by another instance's start.
      if (asset) archived.set(path, asset);
    }
    return asset;
  };

  /** Answers the request and returns true when it is one of the files; otherwise leaves it alone. */
  function handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (!url?.startsWith("/assets/") || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const asset = assets.get(path) ?? fromArchive(path);
    if (!asset) return false;
    const variant = pickVariant(asset, request.headers["accept-encoding"]);
    const headers: Record<string, string | number> = {
      "Content-Type": asset.type,
      "Cache-Control": IMMUTABLE,
      ETag: asset.etag,
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    if (variant.encoding) headers["Content-Encoding"] = variant.encoding;
    if (request.headers["if-none-match"] === asset.etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    headers["Content-Length"] = variant.body.length;
    response.writeHead(200, headers);
    response.end(request.method === "HEAD" ? undefined : variant.body);
    return true;
  }

  return { handle, size: assets.size };
}

/** A hashed file's name under /assets: no `..`, no hidden files, nothing a path could escape with. */
const ASSET_PATH = /^\/assets\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function loadAsset(path: string): Asset {
  const body = readFileSync(path);
  const asset: Asset = {
    type: TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
    etag: `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
    identity: { body },
  };
  if (existsSync(`${path}.br`)) asset.br = { body: readFileSync(`${path}.br`), encoding: "br" };
  if (existsSync(`${path}.gz`)) asset.gzip = { body: readFileSync(`${path}.gz`), encoding: "gzip" };
  return asset;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const ARCHIVE_KEEP_DAYS = 14;

/**
 * Keeps earlier builds' hashed files servable (docs/decisions/034). A page rendered by the build
 * an instance ran before a deploy names that build's scripts; a reader may fetch them from an
 * instance already on the new build, and a reader of the new build's page from one still on the
 * old. So every instance, as it starts, copies its build's /assets files into `archiveDir` (one
 * directory shared by the instances: a volume in compose.yaml) and answers a miss from there.
 * Hashed names never collide, and a copy is written under a temporary name then renamed, so two
 * instances starting at once never serve half a file. A file is dated when an instance of its
 * build starts (and again each day it runs), and dropped `keepDays` after that date: a page
 * of a build gone that long is reloaded by React Router anyway (its manifest version is gone).
 */
export function archiveAssets(
  clientDir: string,
  archiveDir: string,
  { keepDays = ARCHIVE_KEEP_DAYS, now = Date.now() }: { keepDays?: number; now?: number } = {},
): { archived: number; dropped: number } {
  const source = join(clientDir, "assets");
  const target = join(archiveDir, "assets");
  const current = new Set<string>();
  let archived = 0;
  const date = new Date(now);
  const copy = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const relativePath = relative(source, path);
      if (statSync(path).isDirectory()) {
        copy(path);
        continue;
      }
      current.add(relativePath);
      const destination = join(target, relativePath);
      if (!existsSync(destination)) {
        mkdirSync(dirname(destination), { recursive: true });
        const temporary = `${destination}.${process.pid}.${archived}.partial`;
        copyFileSync(path, temporary);
        renameSync(temporary, destination);
        archived++;
      }
      utimesSync(destination, date, date);
    }
  };
  if (existsSync(source)) copy(source);

  let dropped = 0;
  const oldest = now - keepDays * DAY_MS;
  const prune = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stats = statSync(path, { throwIfNoEntry: false });
      if (!stats) continue; // another instance pruned it first
      if (stats.isDirectory()) prune(path);
      else if (!current.has(relative(target, path)) && stats.mtimeMs < oldest) {
        rmSync(path, { force: true });
        dropped++;
      }
    }
  };
  if (existsSync(target)) prune(target);
  return { archived, dropped };
}

/** The smallest variant the client accepts: Brotli, then gzip, then the file itself. */
export function pickVariant(
  asset: Pick<Asset, "identity" | "br" | "gzip">,
  acceptEncoding: string | undefined,
): Variant {
  if (!acceptEncoding) return asset.identity;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (coding && !refused) accepted.add(coding);
  }
  if (asset.br && accepted.has("br")) return asset.br;
  if (asset.gzip && (accepted.has("gzip") || accepted.has("*"))) return asset.gzip;
  return asset.identity;
}
