/**
 * A reader's reading settings ('Aa' on chapter pages, issue 44 §2, decision 076), kept in a
 * first-party cookie so the server renders the chapter already set (no shift after the first
 * paint), and in the database for a signed-in reader (another device gets them). Shared: the
 * reading feature reads and writes it, and the HTTP server's visitor-page cache
 * (server/html-cache.ts) keys pages by it, so one visitor's settings never reach another.
 */
export const READING_SETTINGS_COOKIE = "lectura";

export const TEXT_SIZES = ["normal", "grande", "enorme"] as const;
export const SPACINGS = ["normal", "amplio"] as const;
export const LINE_SPACINGS = ["normal", "amplio"] as const;
export const THEMES = ["claro", "sepia", "oscuro"] as const;

export type ReadingSettings = {
  size: (typeof TEXT_SIZES)[number];
  spacing: (typeof SPACINGS)[number];
  lines: (typeof LINE_SPACINGS)[number];
  theme: (typeof THEMES)[number];
};

export const DEFAULT_READING_SETTINGS: ReadingSettings = {
  size: "normal",
  spacing: "normal",
  lines: "normal",
  theme: "claro",
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The settings from their parts (a form's fields), or null when any part is not a known value. */
export function readingSettingsFrom(parts: {
  size: unknown;
  spacing: unknown;
  lines: unknown;
  theme: unknown;
}): ReadingSettings | null {
  const size = oneOf(TEXT_SIZES, parts.size);
  const spacing = oneOf(SPACINGS, parts.spacing);
  const lines = oneOf(LINE_SPACINGS, parts.lines);
  const theme = oneOf(THEMES, parts.theme);
  return size && spacing && lines && theme ? { size, spacing, lines, theme } : null;
}

/** The cookie's (and the stored row's) text: `size.spacing.lines.theme`, e.g. `grande.amplio.normal.sepia`. */
export const serializeReadingSettings = (settings: ReadingSettings) =>
  `${settings.size}.${settings.spacing}.${settings.lines}.${settings.theme}`;

/** Settings from their text; null for anything else (an old or hand-edited value). */
export function parseReadingSettings(text: string | null | undefined): ReadingSettings | null {
  if (!text || text.length > 64) return null;
  const [size, spacing, lines, theme, ...rest] = text.split(".");
  return rest.length ? null : readingSettingsFrom({ size, spacing, lines, theme });
}

/** The settings kept in a Cookie header; null when none (or not a valid value). */
export function readingSettingsFromCookies(cookieHeader: string | null | undefined): ReadingSettings | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === READING_SETTINGS_COOKIE) return parseReadingSettings(value);
  }
  return null;
}

/**
 * What a visitor's page is rendered from, as a cache key part: the normalised settings, so a
 * made-up cookie value cannot add entries (at most 3 × 2 × 2 × 3 kinds of page per address), and
 * the default settings share the page of a visitor who never chose any.
 */
export function readingSettingsCacheKey(cookieHeader: string | null | undefined): string {
  const settings = readingSettingsFromCookies(cookieHeader);
  if (!settings) return "";
  const text = serializeReadingSettings(settings);
  return text === serializeReadingSettings(DEFAULT_READING_SETTINGS) ? "" : text;
}

/** A year: settings are a device's preference, not a secret; SameSite=Lax, readable by no script. */
export const READING_SETTINGS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readingSettingsCookie(settings: ReadingSettings, secure: boolean): string {
  return [
    `${READING_SETTINGS_COOKIE}=${serializeReadingSettings(settings)}`,
    "Path=/",
    `Max-Age=${READING_SETTINGS_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
