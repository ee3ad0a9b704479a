import { readFileSync } from "node:fs";

/**
 * Modules loaded on demand whose built address the server must know (decision 082): a page
 * names the trip copy's refresh only for the reader whose copy is behind, and the copy keeps the
 * modules a saved page loads by itself. The build writes their addresses beside the server bundle
 * (scripts/client-modules.ts) from Vite's manifest, by these source paths.
 */
export const SERVER_NAMED_MODULES = {
  tripRefresh: "app/features/travel/refresh-trip.client.ts",
  readAloud: "app/features/narration/read-aloud.ts",
  commentOutbox: "app/features/comments/worker-outbox.client.ts",
  // Preloaded in the pages of readers who may comment (entry.server.tsx).
  commentForm: "app/features/comments/components/comment-form.tsx",
} as const;

export type ServerNamedModule = keyof typeof SERVER_NAMED_MODULES;

/** The file the build writes beside the server bundle. */
export const CLIENT_MODULES_FILE = "client-modules.json";

type ClientModules = Partial<Record<ServerNamedModule, string>> & { version?: string };

let built: ClientModules | undefined;

const readBuilt = (): ClientModules => {
  built ??= (() => {
    try {
      // Beside the server bundle (build/server/index.js), where this module is bundled.
      return JSON.parse(readFileSync(new URL(`./${CLIENT_MODULES_FILE}`, import.meta.url), "utf8")) as ClientModules;
    } catch {
      return {};
    }
  })();
  return built;
};

/**
 * A module's built address (`/assets/…-hash.js`), or null without a build (the development
 * server, unit tests): the page then simply names no refresh.
 */
export function clientModuleAddress(name: ServerNamedModule): string | null {
  return readBuilt()[name] ?? null;
}

/** React Router's manifest version of this build (what `window.__reactRouterManifest.version` says), or null without a build. */
export function builtVersion(): string | null {
  return readBuilt().version ?? null;
}
