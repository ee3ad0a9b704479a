import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Command } from "../../scripts/command-line.ts";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");

export type CommandAnswer = { code: number; stdout: string; stderr: string };

/**
 * A command (scripts/command-line.ts) run in the test's own process, its lines collected as the
 * process would print them. `env` is the command's whole environment, as a process would get it.
 */
export async function runInProcess(
  command: Command,
  args: string[],
  { env, cwd = process.cwd() }: { env: Record<string, string | undefined>; cwd?: string },
): Promise<CommandAnswer> {
  let stdout = "";
  let stderr = "";
  const code = await command({
    args,
    env,
    cwd,
    output: { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) },
  });
  return { code, stdout, stderr };
}

/** `node scripts/<script>.ts …` in a process of its own, as `npm run <script>` starts it. */
export async function runAsProcess(
  script: "admin" | "backup" | "restore",
  args: string[],
  { env, cwd }: { env: Record<string, string | undefined>; cwd?: string },
): Promise<CommandAnswer> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, `scripts/${script}.ts`), ...args], { env, cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
