/**
 * The stop of an instance, in its order (server/main.ts drives it, docs/decisions/034):
 * 1. `startDraining`: `/readyz` answers 503, so the proxy's health check stops sending here
 *    (`/healthz` stays liveness only: a draining instance is alive and finishing its work);
 * 2. `endLiveStreams`, once the proxy has noticed: every live stream tells its reader to come
 *    back in a moment (to another instance, with Last-Event-ID) and ends; a stream opened after
 *    this ends at once the same way.
 * And at a start behind a proxy, `holdReadiness`: `/readyz` answers 503 for a moment after the
 * instance listens for changes, while the readers of an instance drained just before (a rolling
 * deploy stops one, then starts it again) come back on the others, which heard their last
 * change: here it would be unknown, and they would reload (docs/decisions/045).
 * Held on globalThis: server/main.ts calls these, the app's routes (in the server build, a
 * separate copy of this module) read them.
 */
type Readiness = { draining: boolean; streamsEnded: boolean; onStreamsEnd: Set<() => void>; heldUntil: number };

const state: Readiness = ((globalThis as Record<symbol, Readiness>)[Symbol.for("mictlan.readiness")] ??= {
  draining: false,
  streamsEnded: false,
  onStreamsEnd: new Set(),
  heldUntil: 0,
});

/** `/readyz` answers 503 ("starting") for `ms` from now. */
export function holdReadiness(ms: number): void {
  state.heldUntil = Date.now() + ms;
}

export function isStarting(): boolean {
  return Date.now() < state.heldUntil;
}

export function isDraining(): boolean {
  return state.draining;
}

export function startDraining(): void {
  state.draining = true;
}

/** Ends every live stream (each listener is told once); later ones end as they open. */
export function endLiveStreams(): void {
  state.draining = true;
  if (state.streamsEnded) return;
  state.streamsEnded = true;
  for (const listener of [...state.onStreamsEnd]) {
    try {
      listener();
    } catch {
      // one broken stream must not keep the others open
    }
  }
  state.onStreamsEnd.clear();
}

/** Calls `listener` when live streams must end (at once if they must); returns how to stop asking. */
export function whenLiveStreamsEnd(listener: () => void): () => void {
  if (state.streamsEnded) {
    listener();
    return () => {};
  }
  state.onStreamsEnd.add(listener);
  return () => state.onStreamsEnd.delete(listener);
}

/** How many live streams would be told to end (tests, logs). */
export function openLiveStreams(): number {
  return state.onStreamsEnd.size;
}

/** Tests only: a fresh, ready instance. */
export function resetReadinessForTests(): void {
  state.draining = false;
  state.streamsEnded = false;
  state.onStreamsEnd.clear();
  state.heldUntil = 0;
}
