import { z } from "zod";

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A page on the web (http or https only: never javascript: or data:). */
const webAddress = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "debe empezar con http:// o https://");

const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  SITE_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Tests point this at a local OpenID Connect server standing in for Google. */
  GOOGLE_ISSUER: z.string().url().optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "GA_MEASUREMENT_ID tiene la forma G-XXXXXXX")
    .optional(),
  SMTP_URL: z.string().url().optional(),
  CONTACT_TO: z.string().email().optional(),
  /** Sender of the mail the site writes to readers (password reset); defaults to CONTACT_TO. */
  MAIL_FROM: z.string().email().optional(),
  CHAPTERS_FORCE_UNLOCKED: booleanFromString.default(true),
  /**
   * Which comments wait for an admin before others see them: none (`off`), those with contact
   * details or profanity and every one by a reader under 14 (`risky`), or all of them (`all`).
   */
  COMMENTS_MODERATION: z.enum(["off", "risky", "all"]).default("risky"),
  /** Where 'Comprar el libro' leads (a shop's page); unset hides the buy buttons. */
  BOOK_URL: webAddress.optional(),
  /** Where the home map's 'Tienda' tile leads; unset hides the tile. */
  SHOP_URL: webAddress.optional(),
  /** Multiplies every rate limit; only the end-to-end suite raises it. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** Live-feed connections: per client address (a school shares one) and in all. */
  LIVE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  /**
   * Longest a signed-in reader's session and facts, and the book's content, are kept in memory
   * between page views (app/lib/session-cache.server.ts, content-cache.server.ts). Every change
   * drops the copy on every instance at once; this bounds one whose notice was lost. 0 asks the
   * database on every request.
   */
  DATA_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Longest a visitor's page is served from memory (server/html-cache.ts); 0 turns the cache off. */
  HTML_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How many reverse proxies stand in front of the server (server/forwarded.ts). Unset: no
   * forwarded header is trusted. N: the last N hops of X-Forwarded-For, and X-Forwarded-Proto /
   * X-Forwarded-Host as the nearest proxy sets them.
   */
  TRUST_PROXY: z.coerce
    .number()
    .int("TRUST_PROXY es el número de proxies delante del sitio: un entero, 1 o más")
    .min(1, "TRUST_PROXY es el número de proxies delante del sitio: un entero, 1 o más")
    .max(20)
    .optional(),
  /**
   * The address the site listens on. Unset: 127.0.0.1 when TRUST_PROXY is set (the proxy on this
   * machine is the only way in: a client reaching the instance directly would choose its own
   * X-Forwarded-For and request id), else every IPv4 interface, as `npm start` on a laptop or a
   * school's network expects. compose.yaml sets 0.0.0.0 (its private network).
   */
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * `/metrics` (Prometheus) on a port of its own, which the proxy never forwards; on
   * METRICS_HOST (default 127.0.0.1: this machine only; compose sets 0.0.0.0 on its private network).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /**
   * The live feed also over cleartext HTTP/2 on this port, on HOST, for the proxy in front to
   * carry every reader's stream over a few connections (Caddyfile: `/api/live*` with
   * `transport http { versions h2c }`; decision 090). Unset: the feed is on the site's port only.
   */
  LIVE_H2C_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Also `/metrics` on the site's port for a scraper that sends `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(32, "METRICS_TOKEN debe tener al menos 32 caracteres (openssl rand -hex 32)")
    .optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "HOST"> & { HOST: string; siteUrl: string };

/** Parses the environment once at start; a bad value stops the server with a clear message. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Variables de entorno no válidas:\n${problems}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const host = env.HOST ?? (env.TRUST_PROXY ? "127.0.0.1" : "0.0.0.0");
  return { ...env, HOST: host, siteUrl };
}

/**
 * Settings that parse but cannot work, said once at start (a warning, not a refusal: the server
 * may still be reached directly while it is set up).
 */
export function configurationWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (env.siteUrl.startsWith("https:") && env.TRUST_PROXY === undefined) {
    warnings.push(
      "SITE_URL is https but TRUST_PROXY is unset: behind the TLS proxy every form and sign-in will be refused as cross-site; set TRUST_PROXY to the number of proxies in front (1 for Caddy alone)",
    );
  }
  return warnings;
}
