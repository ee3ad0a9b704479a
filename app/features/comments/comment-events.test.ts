import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as chapterAction } from "../../routes/chapter.tsx";
import { action as queueAction } from "../../routes/adminpanel.comentarios.tsx";
import { livePayload, MAX_PAYLOAD_BYTES } from "../../lib/live-hub.server.ts";
import { routeArgs, settle, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import {
  applyCommentEvent,
  emptyPatches,
  isCommentEvent,
  mergeComments,
  type CommentEvent,
  type LiveComment,
} from "./comment-events.ts";
import { COMMENT_MAX_LENGTH } from "./comment.schema.ts";
import { REPORT_REASONS } from "./moderation-labels.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const item = (id: string, createdAt: string, extra: Partial<LiveComment> = {}): LiveComment => ({
  id,
  text: `texto ${id}`,
  userName: "Xolo Valiente 27",
  createdAt,
  status: "visible",
  mine: false,
  reportedByMe: false,
  ...extra,
});

describe("applying live comment events to the page's list", () => {
  const loaded = [item("b", "2026-11-02T10:00:00.000Z", { mine: true }), item("a", "2026-11-01T10:00:00.000Z")];

  it("adds a new comment in order, once, and keeps what the loader knows about it", () => {
    let patches = applyCommentEvent(emptyPatches(), {
      op: "upsert",
      comment: { id: "c", text: "nuevo", userName: "Puma Leal 40", createdAt: "2026-11-03T10:00:00.000Z" },
    });
    patches = applyCommentEvent(patches, { op: "upsert", comment: { ...item("b", "2026-11-02T10:00:00.000Z") } });
    const merged = mergeComments(loaded, patches, false);
    expect(merged.map((comment) => comment.id)).toEqual(["c", "b", "a"]);
    expect(merged.find((comment) => comment.id === "b")).toMatchObject({ mine: true });
    // The loader's later copy of a live-added comment does not duplicate it.
    expect(mergeComments([item("c", "2026-11-03T10:00:00.000Z"), ...loaded], patches, false)).toHaveLength(3);
  });

  it("removes hidden and deleted comments; a held one stays, marked, for its author and admins only", () => {
    const removed = applyCommentEvent(emptyPatches(), { op: "remove", id: "a" });
    expect(mergeComments(loaded, removed, true).map((comment) => comment.id)).toEqual(["b"]);
    const heldMine = applyCommentEvent(emptyPatches(), { op: "hold", id: "b" });
    expect(mergeComments(loaded, heldMine, false).find((comment) => comment.id === "b")).toMatchObject({
      status: "held",
    });
    const heldOther = applyCommentEvent(emptyPatches(), { op: "hold", id: "a" });
    expect(mergeComments(loaded, heldOther, false).some((comment) => comment.id === "a")).toBe(false);
    expect(mergeComments(loaded, heldOther, true).find((comment) => comment.id === "a")).toMatchObject({
      status: "held",
    });
    // Approved again: back for everyone.
    const approved = applyCommentEvent(heldOther, { op: "upsert", comment: item("a", "2026-11-01T10:00:00.000Z") });
    expect(mergeComments(loaded, approved, false).find((comment) => comment.id === "a")).toMatchObject({
      status: "visible",
    });
  });

  it("refuses data that is not a comment event", () => {
    expect(isCommentEvent({ op: "upsert", comment: { id: "x" } })).toBe(false);
    expect(isCommentEvent({ op: "remove" })).toBe(false);
    expect(isCommentEvent("comments:x")).toBe(false);
    expect(isCommentEvent({ op: "remove", id: "x" })).toBe(true);
  });

  it("the longest comment in the widest characters fits PostgreSQL's NOTIFY payload", () => {
    const event: CommentEvent = {
      op: "upsert",
      comment: {
        id: "0190b2a4-7c1e-7d2a-9f00-000000000000",
        text: "😀".repeat(COMMENT_MAX_LENGTH),
        userName: "😀".repeat(30),
        createdAt: new Date().toISOString(),
      },
    };
    const payload = livePayload("comments:un-capitulo-con-un-nombre-largo", event);
    expect(payload.startsWith("{")).toBe(true);
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    // Anything bigger goes out as the bare topic (pages reload), never as a refused NOTIFY.
    expect(livePayload("comments:x", { text: "a".repeat(MAX_PAYLOAD_BYTES) })).toBe("comments:x");
  });
});

describe.each(DATABASE_KINDS)("live comment messages on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  const PAGE = "/salida-a-tzintzuntzan";
  const messages: string[] = [];
  let stop = () => {};
  let author: { cookie: string; userId: string };
  let reader: { cookie: string; userId: string }[];
  let admin: { cookie: string; userId: string };

  beforeAll(async () => {
    author = await signUpReader(services, "lucia.garcia.2015@example.com");
    reader = [];
    for (const name of ["beto", "carla", "dani"]) reader.push(await signUpReader(services, `${name}@example.com`));
    admin = await signUpReader(services, "jefa@example.com");
    await services.db.insertInto("admins").values({ user_id: admin.userId, email: "jefa@example.com" }).execute();
    // Everything the server sends on any stream, whatever its topic (any browser may ask for any).
    stop = services.live.subscribeAll((_topic, message) => messages.push(message));
  });
  afterAll(async () => {
    stop();
  });

  const act = async (cookie: string, form: Record<string, string>) =>
    statusOf(
      await settle(async () => chapterAction(await routeArgs(services, PAGE, { method: "POST", cookie, form }))),
    );
  const idOf = async (text: string) =>
    (await services.db.selectFrom("comments").select("id").where("text", "=", text).executeTakeFirstOrThrow()).id;
  /** The chapter's next message with data, once it has arrived (NOTIFY is asynchronous). */
  const nextEvent = async (from: number) => {
    await expect.poll(() => messages.slice(from).some((message) => message.startsWith("{"))).toBe(true);
    const message = messages.slice(from).find((text) => text.startsWith("{"))!;
    return JSON.parse(message) as { topic: string; data: CommentEvent };
  };

  it("a visible comment travels with its public data only: no e-mail, no private name", async () => {
    const from = messages.length;
    expect(await act(author.cookie, { intent: "comment", text: "Qué buen capítulo" })).toBe(200);
    const event = await nextEvent(from);
    expect(event).toMatchObject({
      topic: "comments:salida-a-tzintzuntzan",
      data: { op: "upsert", comment: { id: await idOf("Qué buen capítulo"), text: "Qué buen capítulo" } },
    });
    const message = messages.slice(from).join("\n");
    expect(message.toLowerCase()).not.toMatch(/lucia|garcia|2015|example\.com/);
    expect(Object.keys((event.data as { comment: object }).comment).sort()).toEqual([
      "createdAt",
      "id",
      "text",
      "userName",
    ]);
  });

  it("a held comment's text is in no live message until approved; then it travels; hidden, only its id", async () => {
    const text = "miren www.juegos-gratis.com";
    const from = messages.length;
    expect(await act(author.cookie, { intent: "comment", text })).toBe(200);
    const id = await idOf(text);
    // The queue hears of it (without data): wait for that, then nothing may hold the text.
    await expect.poll(() => messages.slice(from).includes("comments-queue")).toBe(true);
    expect(messages.some((message) => message.includes(text))).toBe(false);

    const approvedFrom = messages.length;
    const approve = await queueAction(
      await routeArgs(services, "/adminpanel/comentarios", {
        method: "POST",
        cookie: admin.cookie,
        form: { commentId: id, decision: "approve" },
      }),
    );
    expect(statusOf(approve)).toBe(200);
    expect(await nextEvent(approvedFrom)).toMatchObject({ data: { op: "upsert", comment: { id, text } } });

    const hiddenFrom = messages.length;
    expect(await act(admin.cookie, { intent: "moderate", commentId: id, decision: "hide" })).toBe(200);
    expect(await nextEvent(hiddenFrom)).toEqual({
      topic: "comments:salida-a-tzintzuntzan",
      data: { op: "remove", id },
    });
  });

  it("a comment held by reports leaves readers' pages by id, its text not sent again", async () => {
    const text = "Esto a varios no les gustó";
    const postedFrom = messages.length;
    await act(author.cookie, { intent: "comment", text });
    const id = await idOf(text);
    // On PostgreSQL the post's own event arrives asynchronously: wait for it, so that the next
    // event looked at is the hold's.
    expect(await nextEvent(postedFrom)).toMatchObject({ data: { op: "upsert", comment: { id } } });
    const from = messages.findIndex((message, index) => index >= postedFrom && message.startsWith("{")) + 1;
    for (const one of reader)
      expect(await act(one.cookie, { intent: "report", commentId: id, reason: REPORT_REASONS[2] })).toBe(200);
    expect(await nextEvent(from)).toEqual({ topic: "comments:salida-a-tzintzuntzan", data: { op: "hold", id } });
    expect(messages.slice(from).some((message) => message.includes(text))).toBe(false);

    const deletedFrom = messages.length;
    expect(await act(author.cookie, { intent: "delete", commentId: id })).toBe(200);
    expect(await nextEvent(deletedFrom)).toMatchObject({ data: { op: "remove", id } });
  });
});
