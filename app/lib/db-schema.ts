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
}

export interface QrCodeTable {
  code: string;
  redirect_to: string;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
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
  user_name: string;
  text: string;
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

export interface DB {
  user: UserTable;
  session: SessionTable;
  characters: CharacterTable;
  chapters: ChapterTable;
  qr_codes: QrCodeTable;
  profiles: ProfileTable;
  admins: AdminTable;
  comments: CommentTable;
  unlocked_characters: UnlockedCharacterTable;
  unlocked_chapters: UnlockedChapterTable;
  contact_messages: ContactMessageTable;
  page_views: PageViewTable;
}
