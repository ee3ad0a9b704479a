/**
 * A command (`npm run admin`, `backup`, `restore`) as a function of its arguments, environment
 * and working directory that returns its exit code and says its lines through `output`. Run as a
 * script, it is the process: stdout, stderr and the exit code. The tests run it in their own
 * process as well, which costs no Node start and no PGlite compile (~1.8 s of CPU each run,
 * docs/decisions/040), and keep one run through the process for each path it takes.
 */
export type CommandOutput = { out(line: string): void; err(line: string): void };

export type CommandRun = {
  args: string[];
  env: Record<string, string | undefined>;
  /** What a relative path (DATA_DIR, a backup file) is resolved against. */
  cwd: string;
  output: CommandOutput;
};

export type Command = (run: CommandRun) => Promise<number>;

/** Runs `command` as this process: its lines on stdout and stderr, its code as the exit code. */
export async function runAsProcess(command: Command): Promise<never> {
  const code = await command({
    args: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    output: { out: (line) => console.log(line), err: (line) => console.error(line) },
  });
  process.exit(code);
}
