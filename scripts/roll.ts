/**
 * `npm run roll -- 3001 3002`: the rolling deploy of a plain machine (docs/operations.md "Two instances on one
 * machine"). One instance at a time: restart it (`systemctl restart valentina-y-taquito@<port>`),
 * wait until its `/readyz` answers 200, give the proxy one of its health checks to see it
 * (Caddy checks every 2 s), and only then go on to the next. Waiting for `/healthz` was not
 * enough: an instance answers it as soon as it listens, while it still holds readiness back for
 * START_HOLD_MS, so stopping the next one then left the proxy with no instance to send readers
 * to ('no upstreams available', issue 41). An instance that is not ready in time stops the roll
 * (exit 1) with the others still serving.
 */
import { spawn } from "node:child_process";
import { runAsProcess, type Command } from "./command-line.ts";

export type RollOptions = {
  ports: number[];
  /** Restarts the instance on `port` and resolves once the restart has been asked for. */
  restart(port: number): Promise<void>;
  host?: string;
  readyTimeoutMs?: number;
  /** After an instance is ready: the proxy's health check interval and some. */
  settleMs?: number;
  say(line: string): void;
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function readyz(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

/** Resolves true once every instance was restarted and ready; false at the first one that was not. */
export async function rollingRestart({
  ports,
  restart,
  host = "127.0.0.1",
  readyTimeoutMs = 120_000,
  settleMs = 3_000,
  say,
}: RollOptions): Promise<boolean> {
  for (const [index, port] of ports.entries()) {
    say(`(${index + 1}/${ports.length}) Reiniciando la instancia del puerto ${port}…`);
    const started = Date.now();
    await restart(port);
    const url = `http://${host}:${port}/readyz`;
    let status = await readyz(url);
    while (status !== 200) {
      if (Date.now() - started > readyTimeoutMs) {
        say(
          `La instancia del puerto ${port} no está lista tras ${Math.round(readyTimeoutMs / 1000)} s (/readyz: ${status || "sin respuesta"}). ` +
            "Se detiene el despliegue: las demás siguen atendiendo. Mira su registro (journalctl -u valentina-y-taquito@" +
            `${port}).`,
        );
        return false;
      }
      await sleep(500);
      status = await readyz(url);
    }
    say(`Puerto ${port}: lista (/readyz 200) en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (index < ports.length - 1) await sleep(settleMs);
  }
  say("Despliegue terminado: todas las instancias están listas.");
  return true;
}

/** `systemctl restart <unit>`, the unit named from ROLL_UNIT (`%p`: the port). */
function systemctlRestart(unitPattern: string) {
  return (port: number) =>
    new Promise<void>((done, fail) => {
      const child = spawn("systemctl", ["restart", unitPattern.replaceAll("%p", String(port))], { stdio: "inherit" });
      child.once("error", fail);
      child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`systemctl restart: exit ${code}`))));
    });
}

export const rollCommandLine: Command = async ({ args, env, output }) => {
  const ports = args.map(Number);
  if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    output.err("Uso: npm run roll -- <puerto> [<puerto>…]   (por ejemplo: npm run roll -- 3001 3002)");
    return 2;
  }
  try {
    const done = await rollingRestart({
      ports,
      restart: systemctlRestart(env.ROLL_UNIT || "valentina-y-taquito@%p"),
      readyTimeoutMs: Number(env.ROLL_READY_TIMEOUT_SECONDS || 120) * 1000,
      settleMs: Number(env.ROLL_SETTLE_SECONDS || 3) * 1000,
      say: output.out,
    });
    return done ? 0 : 1;
  } catch (error) {
    output.err(`No se pudo reiniciar: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
};

if (import.meta.main) await runAsProcess(rollCommandLine);
