import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js (docs/decisions/006-layers-point-down.md), tried on fixture sources
 * linted as if they stood at the given path: each import that runs upward must be refused.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe("layer rules", () => {
  it("refuse shared code importing a feature", async () => {
    const code = `import { isAdmin } from "../features/admins/admins.server.ts";\nexport const check = isAdmin;\n`;
    expect(await ruleIdsFor("app/lib/upward.server.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("refuse shared UI importing a feature", async () => {
    const code = `import { CLANS } from "../features/profiles/clans.ts";\nexport const clans = CLANS;\n`;
    expect(await ruleIdsFor("app/ui/upward.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("refuse a feature importing a route or the composition root", async () => {
    const fromRoute = `import { loader } from "../../routes/home.tsx";\nexport const l = loader;\n`;
    const fromRoot = `import { requireUser } from "../../access/session.server.ts";\nexport const r = requireUser;\n`;
    expect(await ruleIdsFor("app/features/comments/upward.ts", fromRoute)).toContain("import-x/no-restricted-paths");
    expect(await ruleIdsFor("app/features/comments/upward.ts", fromRoot)).toContain("import-x/no-restricted-paths");
  });

  it("refuse a feature importing another feature", async () => {
    const code = `import { CLANS } from "../profiles/clans.ts";\nexport const clans = CLANS;\n`;
    expect(await ruleIdsFor("app/features/comments/sideways.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("refuse a browser component importing a server module for its values", async () => {
    const code = `import { listComments } from "../comments.server.ts";\nexport const list = listComments;\n`;
    expect(await ruleIdsFor("app/features/comments/components/leak.tsx", code)).toContain("no-restricted-imports");
  });

  it("refuse the services importing the access layer, and access importing a page's join", async () => {
    const access = `import { getUser } from "../access/session.server.ts";\nexport const g = getUser;\n`;
    const join = `import { rootData } from "../pages/root-data.server.ts";\nexport const r = rootData;\n`;
    expect(await ruleIdsFor("app/runtime/upward.ts", access)).toContain("import-x/no-restricted-paths");
    expect(await ruleIdsFor("app/access/upward.ts", join)).toContain("import-x/no-restricted-paths");
  });

  it("refuse an import cycle", async () => {
    // db.server.ts imports log.server.ts; log importing db back closes a loop.
    const code = `import { openDatabase } from "./db.server.ts";\nexport const open = openDatabase;\n`;
    expect(await ruleIdsFor("app/lib/log.server.ts", code)).toContain("import-x/no-cycle");
  });

  it("refuse the HTTP server importing a feature or a route, and a command importing the composition root", async () => {
    const feature = `import { consentFromCookies } from "../app/features/analytics/analytics-consent.ts";\nexport const c = consentFromCookies;\n`;
    const route = `import { loader } from "../app/routes/home.tsx";\nexport const l = loader;\n`;
    const composition = `import { getServices } from "../app/runtime/services.server.ts";\nexport const g = getServices;\n`;
    expect(await ruleIdsFor("server/upward.ts", feature)).toContain("import-x/no-restricted-paths");
    expect(await ruleIdsFor("server/upward.ts", route)).toContain("import-x/no-restricted-paths");
    expect(await ruleIdsFor("scripts/upward.ts", composition)).toContain("import-x/no-restricted-paths");
  });

  it("refuse the app importing the HTTP server or a command", async () => {
    const code = `import { createApp } from "../../server/app.ts";\nexport const a = createApp;\n`;
    expect(await ruleIdsFor("app/lib/downward.server.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("accept imports that point down", async () => {
    const route = `import { listComments } from "../features/comments/comments.server.ts";\nimport { requireUser } from "../access/session.server.ts";\nimport { log } from "../lib/log.server.ts";\nexport const all = [listComments, requireUser, log];\n`;
    const feature = `import type { Db } from "../../lib/db.server.ts";\nimport { CLANS } from "./clans.ts";\nexport type D = Db;\nexport const clans = CLANS;\n`;
    expect(await ruleIdsFor("app/routes/fixture.tsx", route)).toEqual([]);
    expect(await ruleIdsFor("app/features/profiles/fixture.ts", feature)).toEqual([]);
    const server = `import { consentFromCookies } from "../app/lib/consent-cookie.ts";\nexport const c = consentFromCookies;\n`;
    expect(await ruleIdsFor("server/fixture.ts", server)).toEqual([]);
    const command = `import { parseAdminCommand } from "../app/features/admins/admin-command.server.ts";\nexport const p = parseAdminCommand;\n`;
    expect(await ruleIdsFor("scripts/fixture.ts", command)).toEqual([]);
  });

  it("refuse a function over 80 lines of code and a file over 300, but not for comments (issue 45)", async () => {
    const statements = (count: number) => Array.from({ length: count }, (_, n) => `  total += ${n};`).join("\n");
    const fn = (count: number) =>
      `export function sum() {\n  let total = 0;\n${statements(count)}\n  return total;\n}\n`;
    // 80 lines of code in all (the braces and the first and last statement included), then 81.
    expect(await ruleIdsFor("app/features/comments/long.ts", fn(76))).not.toContain("max-lines-per-function");
    expect(await ruleIdsFor("app/features/comments/long.ts", fn(77))).toContain("max-lines-per-function");
    const explained = `export function sum() {\n  let total = 0;\n${statements(70)}\n${"  // why\n".repeat(40)}  return total;\n}\n`;
    expect(await ruleIdsFor("server/long.ts", explained)).not.toContain("max-lines-per-function");
    const constants = Array.from({ length: 301 }, (_, n) => `export const c${n} = ${n};`).join("\n");
    expect(await ruleIdsFor("server/long.ts", constants)).toContain("max-lines");
    expect(await ruleIdsFor("app/lib/db-schema.ts", constants)).not.toContain("max-lines");
  });
});
