/**
 * What the chapter page's comment components share: a comment as a reader sees it, and what the
 * comment action answers. Apart from the components, so the lazily loaded form and controls do
 * not import the section that loads them.
 */
import type { CommentView } from "../comments.server.ts";

/** A comment as the loader sends it. */
export type CommentItem = CommentView;
export type CommentActionResult =
  | { ok: true; intent: string; held?: boolean; message?: string; commentId?: string }
  | { ok: false; intent: string; error: string };
