import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { parseReadingSettings } from "../../lib/reading-settings-cookie.ts";
import { normaliseEmail, tablesReferencingUsers, type AccountOwner } from "./account-data.server.ts";
import { activityRows, type ActivityRows } from "./account-activity-rows.server.ts";
import { SUMMARY_LABELS as L } from "./account-summary-labels.ts";

/**
 * 'Ver mis datos': what 'Descargar mis datos' holds, for a parent to read. Every value is already
 * words in Spanish (dates in the site's time zone, the clan's and characters' names, chapter
 * titles, states), so the page only lays it out. The JSON file stays the complete copy for
 * programs (GDPR art. 20); this summary leaves out only what means nothing to a person (ids).
 */
export type AccountSummary = {
  generatedAt: string;
  account: Fact[];
  profile: Fact[];
  guardian: Fact[] | null;
  chapters: Item[];
  characters: Item[];
  /** 'Aa' settings and the place kept in each chapter (issue 44, decision 076). */
  reading: Item[];
  comments: Item[];
  reports: Item[];
  decisionsOnMine: Item[];
  decisionsTaken: Item[];
  sessions: Item[];
  contactMessages: Item[];
  signInFailures: Fact[] | null;
  /** Rows of tables this summary does not know yet (a later feature's): counted, never hidden. */
  otherTables: Fact[];
};

/** A label and its value, as a line of a definition list. */
export type Fact = { label: string; value: string };
/** One entry of a list: its title, its details, and an optional quoted text (a comment). */
export type Item = { title: string; details: Fact[]; text?: string };

/** Tables the summary reads itself; others referencing the account land in `otherTables`. */
export const SUMMARISED_TABLES = [
  "account",
  "admins",
  "comment_decisions",
  "comment_reports",
  "comments",
  "guardian_consents",
  "profiles",
  "reading_positions",
  "reading_settings",
  // Emptied and no longer written since migration 0029 (active readers are counted without
  // naming anyone, decision 069); dropped in a later release.
  "reader_days",
  "session",
  "unlocked_chapters",
  "unlocked_characters",
] as const;

const when = (value: Date | string | null | undefined) => (value ? formatDateTime(value) : L.never);
const yesNo = (value: boolean) => (value ? L.yes : L.no);

/** "Capítulo 3: El convento…", or the title alone for chapters without a number. */
const chapterName = (number: number | null, title: string) =>
  number === null ? title : `${L.chapter} ${number}: ${title}`;

/**
 * The reader's summary. `clanName` comes from the profiles feature (the route composes them);
 * `now` is when it was prepared.
 */
export async function summariseAccountData(
  db: Db,
  owner: AccountOwner,
  clanName: (clan: number) => string,
  now = new Date(),
): Promise<AccountSummary> {
  const sectionName = await chapterNamesBySlug(db);
  return {
    generatedAt: formatDateTime(now),
    ...(await whoTheyAre(db, owner, clanName)),
    ...(await whatTheyDid(db, owner.id, sectionName)),
    ...(await whatTheyWroteToUs(db, normaliseEmail(owner.email))),
    otherTables: await otherTablesOf(db, owner.id),
  };
}

/** A comment's section (a chapter's slug) by the chapter's name, or the slug itself. */
async function chapterNamesBySlug(db: Db): Promise<(slug: string) => string> {
  const chapterBySlug = new Map(
    (await db.selectFrom("chapters").select(["slug", "number", "title"]).execute()).map((chapter) => [
      chapter.slug,
      chapterName(chapter.number, chapter.title),
    ]),
  );
  return (slug) => chapterBySlug.get(slug) ?? slug;
}

/** The account, its profile and, for a child, the guardian's consent. */
async function whoTheyAre(
  db: Db,
  owner: AccountOwner,
  clanName: (clan: number) => string,
): Promise<Pick<AccountSummary, "account" | "profile" | "guardian">> {
  const userId = owner.id;
  const [user, signInMethods, admin, profile, consent] = await Promise.all([
    db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst(),
    sql<{ providerId: string }>`select "providerId" from account where "userId" = ${userId} order by "createdAt"`
      .execute(db)
      .then((result) => result.rows),
    db.selectFrom("admins").select("created_at").where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("guardian_consents").selectAll().where("user_id", "=", userId).executeTakeFirst(),
  ]);

  const account: Fact[] = [
    { label: L.email, value: user?.email ?? owner.email },
    { label: L.accountName, value: user?.name || L.none },
    { label: L.createdAt, value: when(user?.createdAt) },
    { label: L.emailConfirmed, value: yesNo(Boolean(user?.emailVerified)) },
    {
      label: L.signInWith,
      value: signInMethods.map(({ providerId }) => L.providers[providerId] ?? providerId).join(", ") || L.none,
    },
    { label: L.admin, value: admin ? `${L.yes}, ${L.since} ${when(admin.created_at)}` : L.no },
  ];

  const profileFacts: Fact[] = profile
    ? [
        { label: L.displayName, value: profile.display_name || L.none },
        { label: L.apodo, value: profile.apodo || L.none },
        { label: L.age, value: profile.age === null ? L.none : String(profile.age) },
        { label: L.birthYear, value: profile.birth_year === null ? L.none : String(profile.birth_year) },
        { label: L.clan, value: clanName(profile.clan) },
        { label: L.lastUpdated, value: when(profile.last_updated) },
      ]
    : [];

  const guardian: Fact[] | null = consent
    ? [
        { label: L.guardianEmail, value: consent.guardian_email ?? L.none },
        {
          label: L.guardianState,
          value: consent.allowed_at ? `${L.allowedOn} ${when(consent.allowed_at)}` : L.waiting,
        },
        { label: L.lastMailed, value: when(consent.mailed_at) },
      ]
    : null;

  return { account, profile: profileFacts, guardian };
}

/** What the reader unlocked, read, wrote, reported and decided, and where they are signed in. */
async function whatTheyDid(
  db: Db,
  userId: string,
  sectionName: (slug: string) => string,
): Promise<
  Pick<
    AccountSummary,
    "chapters" | "characters" | "reading" | "comments" | "reports" | "decisionsOnMine" | "decisionsTaken" | "sessions"
  >
> {
  const [chapters, characters, comments, reports, decisionsOnMine, decisionsTaken, sessions, settings, places] =
    await activityRows(db, userId);
  const reading = readingItems(settings, places);
  return {
    chapters: chapters.map((chapter) => ({
      title: chapterName(chapter.number, chapter.title),
      details: [{ label: L.unlockedOn, value: when(chapter.unlocked_at) }],
    })),
    characters: characters.map((character) => ({
      title: character.name,
      details: [{ label: L.unlockedOn, value: when(character.unlocked_at) }],
    })),
    reading,
    comments: comments.map((comment) => ({
      title: sectionName(comment.section_id),
      details: [
        { label: L.writtenOn, value: when(comment.created_at) },
        { label: L.state, value: L.commentStates[comment.status] },
        { label: L.shownAs, value: comment.user_name },
      ],
      text: comment.text,
    })),
    reports: reports.map((report) => ({
      title: report.section_id ? sectionName(report.section_id) : L.commentGone,
      details: [
        { label: L.reportedOn, value: when(report.created_at) },
        { label: L.reason, value: report.reason },
      ],
    })),
    decisionsOnMine: decisionsOnMine.map((decision) => ({
      title: sectionName(decision.section_id),
      details: [
        { label: L.decidedOn, value: when(decision.created_at) },
        { label: L.decision, value: L.decisions[decision.action] },
      ],
      text: decision.comment_text,
    })),
    decisionsTaken: decisionsTaken.map((decision) => ({
      title: sectionName(decision.section_id),
      details: [
        { label: L.decidedOn, value: when(decision.created_at) },
        { label: L.decision, value: L.decisions[decision.action] },
      ],
    })),
    sessions: sessions.map((session) => ({
      title: `${L.sessionStarted} ${when(session.createdAt)}`,
      details: [
        { label: L.sessionEnds, value: when(session.expiresAt) },
        { label: L.device, value: describeBrowser(session.userAgent) },
        { label: L.ipAddress, value: session.ipAddress || L.none },
      ],
    })),
  };
}

/** The 'Aa' settings and the place kept in each chapter (issue 44, decision 076). */
function readingItems(settings: ActivityRows[7], places: ActivityRows[8]): Item[] {
  const chosen = parseReadingSettings(settings?.settings);
  return [
    ...(settings
      ? [
          {
            title: L.readingSettings,
            details: [
              ...(chosen
                ? (Object.keys(L.readingSettingParts) as (keyof typeof L.readingSettingParts)[]).map((part) => ({
                    label: L.readingSettingParts[part],
                    value: L.readingSettingWords[chosen[part]] ?? chosen[part],
                  }))
                : [{ label: L.readingSettings, value: settings.settings }]),
              { label: L.savedOn, value: when(settings.updated_at) },
            ],
          },
        ]
      : []),
    ...places.map((place) => ({
      title: chapterName(place.number, place.title),
      details: [
        // Counted from 1 for people; stored from 0.
        { label: L.readingParagraph, value: String(place.paragraph + 1) },
        { label: L.savedOn, value: when(place.updated_at) },
      ],
    })),
  ];
}

/** Messages sent through the contact form and failed sign-ins, found by the e-mail address. */
async function whatTheyWroteToUs(
  db: Db,
  email: string,
): Promise<Pick<AccountSummary, "contactMessages" | "signInFailures">> {
  const { rows: contact } = await sql<{ comment: string; created_at: Date; delivered_at: Date | null }>`
    select comment, created_at, delivered_at from contact_messages
    where lower(email) = ${email} order by created_at`.execute(db);
  const { rows: failures } = await sql<{ failures: number; last_failure_at: Date; locked_until: Date | null }>`
    select failures, last_failure_at, locked_until from sign_in_failures where email = ${email}`.execute(db);

  return {
    contactMessages: contact.map((message) => ({
      title: `${L.sentOn} ${when(message.created_at)}`,
      details: [{ label: L.delivered, value: message.delivered_at ? when(message.delivered_at) : L.notYet }],
      text: message.comment,
    })),
    signInFailures: failures[0]
      ? [
          { label: L.failures, value: String(failures[0].failures) },
          { label: L.lastFailure, value: when(failures[0].last_failure_at) },
          { label: L.lockedUntil, value: failures[0].locked_until ? when(failures[0].locked_until) : L.notLocked },
        ]
      : null,
  };
}

/** Rows of tables this summary does not know yet (a later feature's), counted. */
async function otherTablesOf(db: Db, userId: string): Promise<Fact[]> {
  const otherTables: Fact[] = [];
  const known = new Set<string>(SUMMARISED_TABLES);
  for (const { table, column } of await tablesReferencingUsers(db)) {
    if (known.has(table)) continue;
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(db);
    if (rows[0]!.count > 0) otherTables.push({ label: table, value: L.records(rows[0]!.count) });
  }

  return otherTables;
}

/** "Chrome en Android" from a user-agent string: what a parent recognises as a device. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return L.unknownDevice;
  const browser =
    [
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  const system =
    [
      ["Android", "Android"],
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Windows", "Windows"],
      ["Mac OS X", "Mac"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  if (browser && system) return `${browser} ${L.on} ${system}`;
  return browser ?? system ?? L.unknownDevice;
}
