import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 24's files that no container engine here can run (compose.yaml) or that git applies: read
 * as the tools read them. The processes themselves are tested in tests/e2e/operations.spec.ts.
 */
const root = resolve(import.meta.dirname, "../..");

/** The lines of one top-level service in compose.yaml, by indentation (no YAML parser needed). */
function composeService(name: string): string[] {
  const lines = readFileSync(join(root, "compose.yaml"), "utf8").split("\n");
  const start = lines.indexOf(`  ${name}:`);
  expect(start, `service ${name}`).toBeGreaterThan(-1);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() && !line.startsWith("    ")) break;
    body.push(line.trim());
  }
  return body;
}

describe("operations files", () => {
  it("names each compose instance, so that its log lines say which one wrote them", () => {
    for (const name of ["app1", "app2"]) {
      expect(composeService(name)).toEqual(expect.arrayContaining(["<<: *app", `hostname: ${name}`]));
    }
  });

  it("keeps database copies in backups/ out of git", () => {
    const ignored = spawnSync("git", ["check-ignore", "-q", "backups/mictlan-2026-11-25.dump"], { cwd: root });
    expect(ignored.status).toBe(0);
  });

  it("starts the server with the same Node flags however it is run: npm start, the image, the service unit", () => {
    // V8's young generation capped (decisions 038 and 039): 128 MiB of it on a machine with
    // memory to spare held each instance over 300 MiB under the night's load.
    const flags = (command: string) => command.split(/[\s",[\]]+/).filter((word) => word.startsWith("--"));
    const scripts = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    const dockerCmd = readFileSync(join(root, "Dockerfile"), "utf8").match(/^CMD (.*)$/m)![1]!;
    const execStart = readFileSync(join(root, "deploy/valentina-y-taquito.service"), "utf8").match(
      /^ExecStart=(.*)$/m,
    )![1]!;
    expect(flags(scripts.start!)).toEqual(["--max-semi-space-size=4"]);
    expect(flags(dockerCmd)).toEqual(flags(scripts.start!));
    expect(flags(execStart)).toEqual(flags(scripts.start!));
  });

  it.skipIf(spawnSync("caddy", ["version"]).status !== 0)(
    "ships a Caddyfile Caddy accepts, with its JSON access log",
    () => {
      const adapted = JSON.parse(
        execFileSync("caddy", ["adapt", "--config", join(root, "Caddyfile"), "--adapter", "caddyfile"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }),
      ) as { logging: { logs: Record<string, { encoder?: { format: string }; writer?: { output: string } }> } };
      const access = Object.values(adapted.logging.logs).find((log) => log.writer?.output === "stdout");
      expect(access?.encoder?.format).toBe("json");
    },
  );

  // Issue 41, section 5.
  it("the image's health check, and so compose's '(healthy)' a roll waits for, is readiness", () => {
    const healthcheck = readFileSync(join(root, "Dockerfile"), "utf8").match(/^HEALTHCHECK[^\n]*\n\s*CMD (.*)$/m)![1]!;
    expect(healthcheck).toContain("/readyz");
    expect(healthcheck).not.toContain("/healthz");
  });

  it("ships the plain machine's two instances: one unit per port behind a local Caddy, node run directly", () => {
    const unit = readFileSync(join(root, "deploy/valentina-y-taquito@.service"), "utf8");
    const environment = unit
      .split("\n")
      .filter((line) => line.startsWith("Environment="))
      .flatMap((line) => line.slice("Environment=".length).split(" "));
    expect(environment).toEqual(
      expect.arrayContaining([
        "PORT=%i",
        "HOST=127.0.0.1",
        "TRUST_PROXY=1",
        "ASSETS_ARCHIVE_DIR=/srv/valentina-y-taquito/build-archive",
      ]),
    );
    expect(unit).toMatch(
      /^ExecStart=\/srv\/valentina-y-taquito\/current\/node_modules\/\.bin\/node --max-semi-space-size=4 server\/main\.ts$/m,
    );
    expect(unit).toMatch(/^StartLimitIntervalSec=0$/m);
    const caddy = readFileSync(join(root, "deploy/Caddyfile.plain"), "utf8");
    expect(caddy).toMatch(/reverse_proxy 127\.0\.0\.1:3001 127\.0\.0\.1:3002 \{/);
    expect(caddy).toMatch(/health_uri \/readyz/);
  });

  it("Caddy's own certificate authority never goes into the machine's trust store", () => {
    for (const file of ["Caddyfile", "deploy/Caddyfile.plain"])
      expect(readFileSync(join(root, file), "utf8"), file).toMatch(/^\tskip_install_trust$/m);
  });

  it.skipIf(spawnSync("caddy", ["version"]).status !== 0)("ships a plain-machine Caddyfile Caddy accepts", () => {
    execFileSync("caddy", ["adapt", "--config", join(root, "deploy/Caddyfile.plain"), "--adapter", "caddyfile"], {
      stdio: "pipe",
    });
  });

  it("the operations guide's PostgreSQL copy is private and its restore stops the site and is one transaction", () => {
    const readme = readFileSync(join(root, "docs/operations.md"), "utf8");
    const dumps = readme.split("\n").filter((line) => /\bpg_dump\b/.test(line) && !line.startsWith("`"));
    expect(dumps.length).toBeGreaterThan(0);
    for (const line of dumps.filter((line) => /^\(|^15 3|^\s*pg_dump/.test(line)))
      expect(line, line).toContain("umask 077");
    const restores = readme.split("\n").filter((line) => /^\s*(docker compose exec -T db )?pg_restore /.test(line));
    expect(restores.length).toBeGreaterThan(1);
    for (const line of restores)
      expect(
        line + readme.slice(readme.indexOf(line) + line.length, readme.indexOf(line) + line.length + 80),
        line,
      ).toContain("--single-transaction");
  });
});
