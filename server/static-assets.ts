import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";

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
export function hashedAssets(clientDir: string) {
  const assets = new Map<string, Asset>();
  const root = join(clientDir, "assets");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith(".br") && !name.endsWith(".gz")) {
        const body = readFileSync(path);
        const asset: Asset = {
          type: TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
          etag: `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
          identity: { body },
        };
        if (existsSync(`${path}.br`)) asset.br = { body: readFileSync(`${path}.br`), encoding: "br" };
        if (existsSync(`${path}.gz`)) asset.gzip = { body: readFileSync(`${path}.gz`), encoding: "gzip" };
        assets.set(`/assets/${relative(root, path).split(sep).join("/")}`, asset);
      }
    }
  };
  if (existsSync(root)) walk(root);

  /** Answers the request and returns true when it is one of the files; otherwise leaves it alone. */
  function handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (!url?.startsWith("/assets/") || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const query = url.indexOf("?");
    const asset = assets.get(query === -1 ? url : url.slice(0, query));
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
