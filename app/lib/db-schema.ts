import type { ColumnType, Generated } from "kysely";

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface CharacterTable {
  id: Generated<string>;
  name: string;
  subtitle: Generated<string>;
  description: Generated<string>;
  image_url: Generated<string>;
  position: Generated<string>;
  sort_order: Generated<number>;
  power: Generated<string>;
  weakness: Generated<string>;
  color: Generated<string>;
  place: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  required_url: string | null;
  required_url_text: Generated<string>;
  style: Generated<CharacterStyle>;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

export const CHARACTER_STYLES = ["basic", "special", "rare", "event"] as const;
export type CharacterStyle = (typeof CHARACTER_STYLES)[number];

export type ChapterLayout = "first" | "second" | "special" | "placeholder";

export interface ChapterImage {
  src: string;
  alt: string;
  /** Shown in the modal (first layout) or as a caption (second layout). */
  description: string;
}

export interface ChapterTable {
  id: string;
  sort_order: number;
  number: number | null;
  slug: string;
  title: string;
  subtitle: Generated<string>;
  description: Generated<string>;
  /** Spoiler-free line readers see while the chapter is locked for them (migration 0011). */
  teaser: Generated<string>;
  content: Generated<string>;
  required_url: string;
  required_url_text: Generated<string>;
  hidden: Generated<boolean>;
  layout: ChapterLayout;
  requires_sign_in: Generated<boolean>;
  slug_route: Generated<boolean>;
  decorative_image: Generated<string>;
  number_image: Generated<string>;
  images: Json<ChapterImage[]>;
  background: Generated<string>;
  comment_prompt: Generated<string>;
  updated_at: Timestamp;
  /** What the author wrote; `content` is the sanitised HTML made from it when saved. */
  content_markdown: Generated<string>;
}

export interface ImageTable {
  hash: string;
  content_type: string;
  data: Uint8Array;
  width: number;
  height: number;
  created_at: Timestamp;
}

export interface QrCodeTable {
  code: string;
  redirect_to: string;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  label: Generated<string>;
  /** A deactivated code answers like an expired one (SPEC.md's 'Expired Code'). */
  active: Generated<boolean>;
  updated_at: Timestamp;
}

export interface ProfileTable {
  user_id: string;
  email: Generated<string>;
  display_name: Generated<string>;
  age: number | null;
  bio: Generated<string>;
  website: Generated<string>;
  clan: Generated<number>;
  last_updated: Timestamp;
  /** The public name beside the reader's comments (never the e-mail or part of it). */
  apodo: Generated<string>;
  /** The answer to 'Año de nacimiento'; null while the age question is unanswered. */
  birth_year: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AdminTable {
  user_id: string;
  email: string;
  created_at: Timestamp;
}

export interface CommentTable {
  id: Generated<string>;
  section_id: string;
  user_id: string;
  /** The author's apodo when posted (the list shows the current one). */
  user_name: string;
  text: string;
  created_at: Timestamp;
  status: Generated<CommentStatus>;
  held_reasons: Generated<string>;
  /** A class's id: only that class, its teacher and admins see it (null: everyone may). */
  audience: Generated<string | null>;
  /** The id a phone gave a comment written offline: the same one sent twice is stored once (0033). */
  client_id: Generated<string | null>;
}

export type CommentStatus = "visible" | "held" | "hidden";

export interface CommentReportTable {
  comment_id: string;
  reporter_id: string;
  reason: string;
  created_at: Timestamp;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type CommentDecisionAction = "approve" | "hide" | "delete";

export interface CommentDecisionTable {
  id: Generated<string>;
  comment_id: string;
  admin_id: string;
  author_id: string;
  action: CommentDecisionAction;
  section_id: string;
  comment_text: string;
  author_apodo: string;
  created_at: Timestamp;
}

export interface UnlockedCharacterTable {
  user_id: string;
  character_id: string;
  unlocked_at: Timestamp;
}

export interface UnlockedChapterTable {
  user_id: string;
  chapter_id: string;
  unlocked_at: Timestamp;
}

/** A reader's 'Aa' settings (migration 0034, decision 076): the cookie's text, checked on read. */
export interface ReadingSettingsTable {
  user_id: string;
  settings: string;
  updated_at: Timestamp;
}

/** Where a reader left a chapter: the paragraph at the top of their screen (decision 076). */
export interface ReadingPositionTable {
  user_id: string;
  chapter_id: string;
  paragraph: number;
  updated_at: Timestamp;
}

export interface ContactMessageTable {
  id: Generated<string>;
  name: string;
  email: string;
  comment: string;
  is_spam: Generated<boolean>;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PageViewTable {
  id: Generated<string>;
  path: string;
  title: Generated<string>;
  created_at: Timestamp;
}

/** Page views per UTC day and path, kept by triggers on page_views (migration 0019). */
export interface PageViewDayTable {
  day: ColumnType<string, string, string>;
  path: string;
  views: ColumnType<string, string | number, string | number>;
}

/**
 * Sign-ups, comments (key "slug state", state 'deleted' once deleted), chapter and character
 * unlocks and active readers per UTC day, kept by triggers (0019); since 0029 a deletion
 * subtracts nothing: the counts are the history, not the live rows.
 */
export interface StatsDayTable {
  metric: "sign-ups" | "comments" | "chapter-unlocks" | "character-unlocks" | "active-readers";
  day: ColumnType<string, string, string>;
  key: string;
  count: ColumnType<string, string | number, string | number>;
}

/** The days on which an account unlocked something or commented (0019); emptied and no longer written since 0029. */
export interface ReaderDayTable {
  day: ColumnType<string, string, string>;
  user_id: string;
}

/** A random salt per open day (today and yesterday), deleted with the day's marks (0029). */
export interface ActiveReaderSaltTable {
  day: ColumnType<string, string, string>;
  salt: string;
}

/** The day's set of active readers: sha256(salt || account id), never the id (0029). */
export interface ActiveReaderMarkTable {
  day: ColumnType<string, string, string>;
  mark: Uint8Array;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Why a consent e-mail has not left: no mail server configured, or the server refused it. */
export type GuardianMailProblem = "not-configured" | "send-failed";

/** A child's account (under 14) and the state of its guardian's consent. */
export interface GuardianConsentTable {
  user_id: string;
  guardian_email: string | null;
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
  mailed_at: NullableTimestamp;
  allowed_at: NullableTimestamp;
  created_at: Timestamp;
  /** Why no consent e-mail has left (migration 0017); null once one has. */
  mail_problem: ColumnType<
    GuardianMailProblem | null,
    GuardianMailProblem | null | undefined,
    GuardianMailProblem | null
  >;
  mail_problem_at: NullableTimestamp;
  /** The adult account of the guardian who consented by mail (migration 0026): their /familia lists the child. */
  guardian_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The words the guardian accepted (migration 0026); null for consents given before. */
  consent_text: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  starts_at: Timestamp;
  place_name: string;
  city: string;
  region: Generated<string>;
  capacity: number | null;
  sold_out: Generated<boolean>;
  booking_url: string | null;
  /** Seats held by bookings taken here (db/migrations/0030). */
  seats_taken: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A word of the book's glossary (migration 0035, decision 077). */
export interface GlossaryWordTable {
  id: Generated<string>;
  word: string;
  forms: ColumnType<string[], string[] | undefined, string[]>;
  meaning: string;
  english: Generated<string>;
  image_url: Generated<string>;
  image_alt: Generated<string>;
  audio_url: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A booking taken by the site, or a place on an event's waiting list (decision 070). */
export interface EventBookingTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  email: string;
  children: number;
  adults: number;
  status: "booked" | "waiting";
  token_hash: string;
  attended: Generated<boolean>;
  created_at: Timestamp;
}

/** A child reader (issue 22): an account with no e-mail of its own, answered for by an adult. */
export interface ChildReaderTable {
  user_id: string;
  guardian_id: string;
  picture: string;
  /** Null for a class's student, who signs in only with a card. */
  pin_hash: string | null;
  /** 'family': an adult's child; 'class': a teacher's student (0018). */
  kind: Generated<ChildReaderKind>;
  consent_by_email: string;
  consent_text: string;
  consented_at: Timestamp;
  created_at: Timestamp;
}

export type ChildReaderKind = "family" | "class";

/** A teacher's class (0018), with the teacher's declaration that the school or families agreed. */
export interface ClassTable {
  id: Generated<string>;
  teacher_id: string;
  name: string;
  consent_by_email: string;
  consent_text: string;
  consented_at: Timestamp;
  created_at: Timestamp;
  /** The class code students type at /clase (db/migrations/0027); null only before it is made. */
  join_code: string | null;
  join_code_on: Generated<boolean>;
}

export interface ClassStudentTable {
  user_id: string;
  class_id: string;
  created_at: Timestamp;
}

/** The one working login card of a reader (only its token's hash). */
export interface LoginCardTable {
  user_id: string;
  token_hash: string;
  issued_at: Timestamp;
}

/** A replaced card's token hash, kept a year so a scan of it says the card is old (0025). */
export interface OldLoginCardTable {
  token_hash: string;
  user_id: string;
  revoked_at: Timestamp;
}

/** A class's real card refused past its address's card-guess limit (0025), for the teacher's notice. */
export interface ClassCardRefusalTable {
  class_id: string;
  address: string;
  refused_at: Timestamp;
}

/**
 * A chapter's word timings (decision 074): the EPUB 3 Media Overlays model, one audio file and,
 * for each word of the text in order (fragment id `w<index>`), when it begins and ends in the
 * audio, in milliseconds.
 */
export type NarrationTimings = {
  version: 1;
  /** Length of the audio, in milliseconds. */
  durationMs: number;
  /** [word as written, begin ms, end ms], in reading order. */
  words: [string, number, number][];
};

/** A chapter read aloud: its audio and word timings (0032, decision 074). */
export interface ChapterNarrationTable {
  chapter_id: string;
  audio: Uint8Array;
  content_type: string;
  duration_ms: number;
  timings: Json<NarrationTimings>;
  label: Generated<string>;
  updated_at: Timestamp;
}

/** A recorded pronunciation of a glossary word (migration 0036, decision 077). */
export interface GlossaryRecordingTable {
  hash: string;
  extension: string;
  content_type: string;
  data: Uint8Array;
  duration_ms: number;
  demo: Generated<boolean>;
  created_at: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  characters: CharacterTable;
  chapters: ChapterTable;
  qr_codes: QrCodeTable;
  images: ImageTable;
  chapter_narrations: ChapterNarrationTable;
  profiles: ProfileTable;
  admins: AdminTable;
  comments: CommentTable;
  comment_reports: CommentReportTable;
  comment_decisions: CommentDecisionTable;
  unlocked_characters: UnlockedCharacterTable;
  unlocked_chapters: UnlockedChapterTable;
  contact_messages: ContactMessageTable;
  page_views: PageViewTable;
  page_view_days: PageViewDayTable;
  stats_days: StatsDayTable;
  reader_days: ReaderDayTable;
  active_reader_salts: ActiveReaderSaltTable;
  active_reader_marks: ActiveReaderMarkTable;
  guardian_consents: GuardianConsentTable;
  events: EventTable;
  event_bookings: EventBookingTable;
  child_readers: ChildReaderTable;
  login_cards: LoginCardTable;
  classes: ClassTable;
  class_students: ClassStudentTable;
  old_login_cards: OldLoginCardTable;
  class_card_refusals: ClassCardRefusalTable;
  reading_settings: ReadingSettingsTable;
  reading_positions: ReadingPositionTable;
  glossary_words: GlossaryWordTable;
  glossary_recordings: GlossaryRecordingTable;
}
