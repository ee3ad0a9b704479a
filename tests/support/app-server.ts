/**
 * The production Hono app (server/app.ts) on a real HTTP port, over a small route table whose
 * routes run real queries: what any request goes through before React Router, with the log lines
 * it writes kept for the test to read.
 */
import { mkdtempSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import type { Db } from "../../app/lib/db.server.ts";
import type { SiteMetrics } from "../../app/lib/metrics.server.ts";
import { createApp } from "../../server/app.ts";

export type LogLine = { level: "debug" | "info" | "error"; msg: string; fields?: Record<string, unknown> };
export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };
export type AppServer = {
  origin: string;
  lines: LogLine[];
  /** Any method Node can send (fetch refuses TRACE and CONNECT); the path as written, unencoded. */
  send(method: string, path: string, body?: { type: string; text: string }): Promise<Answer>;
  close(): Promise<void>;
};

/**
 * `/palabras/:word?q=` answers the word and the query read back from the database, as a route
 * that looks its parameter up does (and as PostgreSQL refuses a NUL in text).
 */
function buildOver(db: Db, logError: (error: unknown) => void): ServerBuild {
  const echo = async ({ params, request }: { params: Record<string, string | undefined>; request: Request }) => {
    const query = new URL(request.url).searchParams.get("q") ?? "";
    const { rows } = await sql<{ text: string }>`select ${params.word ?? ""}::text || ${query}::text as text`.execute(
      db,
    );
    return new Response(rows[0]!.text);
  };
  return {
    entry: {
      module: {
        default: () => new Response("sin páginas", { status: 404 }),
        // The site's entry logs an error nothing caught at error level, with its stack.
        handleError: logError,
      },
    },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/palabras": {
        id: "routes/palabras",
        parentId: "root",
        path: "palabras/:word",
        module: { loader: echo, action: echo },
      },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "/nonexistent",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

export async function startAppServer(services: { db: Db; metrics: SiteMetrics }): Promise<AppServer> {
  const lines: LogLine[] = [];
  const logAt = (level: LogLine["level"]) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, msg, fields });
  const logger = { debug: logAt("debug"), info: logAt("info"), error: logAt("error") };
  const app = createApp({
    build: buildOver(services.db, (error) => logger.error("unhandled error", { error })),
    // No file to serve: an empty build directory.
    clientDir: mkdtempSync(join(tmpdir(), "mictlan-app-server-")),
    siteUrl: "http://localhost",
    analytics: false,
    logger,
    metrics: services.metrics,
  });
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    lines,
    send: (method, path, body) =>
      new Promise((done, fail) => {
        const headers: Record<string, string> = {};
        if (body) Object.assign(headers, { "Content-Type": body.type, "Content-Length": Buffer.byteLength(body.text) });
        const sent = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => done({ status: response.statusCode!, headers: response.headers, text }));
        });
        sent.on("error", fail);
        sent.end(body?.text);
      }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
