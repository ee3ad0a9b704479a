import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth";
import * as z from "zod";

/**
 * Sessions for readers who have no password (child readers of a family, later a class's
 * students): the caller has already proved who they are (the PIN, the login card, or the adult
 * who answers for them), and this starts a session for that account with better-auth's own
 * machinery, so it is the same session, cookie and sign-out as any other.
 *
 * Server only: better-auth's router never serves it over HTTP, so nobody can call it with an id
 * of their choosing; only our loaders and actions reach it through `auth.api`.
 */
export const readerSessions = () =>
  ({
    id: "reader-sessions",
    endpoints: {
      startReaderSession: createAuthEndpoint.serverOnly(
        {
          method: "POST",
          body: z.object({ userId: z.string().min(1), idleSeconds: z.number().int().positive().optional() }),
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND", { message: "No such reader." });
          // The session this browser held (the adult's, a sibling's) ends: one reader per device.
          const current = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
          if (current) await ctx.context.internalAdapter.deleteSession(current.session.token);
          // A shared device's session (a class's student): it ends after `idleSeconds` without use
          // (the caller slides it forward on use) and with the browser (no cookie lifetime);
          // better-auth's own refresh leaves such a "don't remember me" session alone.
          const idle = ctx.body.idleSeconds;
          const session = idle
            ? await ctx.context.internalAdapter.createSession(
                user.id,
                true,
                { expiresAt: new Date(Date.now() + idle * 1000) },
                true,
              )
            : await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "No session." });
          // Said either way: a family reader after a student on one browser is remembered again.
          await setSessionCookie(ctx, { session, user }, Boolean(idle));
          return ctx.json({ ok: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
