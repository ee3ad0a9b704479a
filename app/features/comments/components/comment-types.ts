/**
 * What the chapter page's comment components share: a comment as a reader sees it, and what the
 * comment action answers. Apart from the components, so the lazily loaded form and controls do
 * not import the section that loads them.
 */
export type CommentItem = {
  id: string;
  text: string;
  userName: string;
  createdAt: string;
  status: "visible" | "held";
  mine: boolean;
  reportedByMe: boolean;
};
export type CommentActionResult =
  | { ok: true; intent: string; held?: boolean; message?: string; commentId?: string }
  | { ok: false; intent: string; error: string };
