/**
 * The page's scripts run after its first paint (decision 021) and load while it paints (decision
 * 087). The server rewrites React Router's module script into inert markup as the page streams
 * (inert-scripts-rewrite.server.ts), and a small inline script
 * (app/ui/restore-scripts-after-paint.tsx) turns it back once the browser has painted: the
 * modules' evaluation and the hydration never run before the first frame. The module preloads in
 * <head> are left as React Router writes them: the phone asks for every module as soon as it
 * reads the head, so its link is busy while the page's text arrives rather than idle for a round
 * trip after the paint. This is the rewrite, as [original, inert].
 */
export const INERT_SCRIPT_MARKUP = {
  module: ['type="module" async=""', 'type="text/module-after-paint" async=""'],
} as const;

/**
 * The inline script that restores it (every module script: in development Vite adds its own),
 * after the first frame, or after 300 ms in a tab that paints no frames (hidden).
 *
 * It is part of the page the server rewrites, so it must hold none of the originals above: when
 * the preloads were rewritten too (decision 021), it set `l.rel="modulepreload"`, which the
 * rewrite turned into the inert value, and the modules came in four waves along their imports
 * (issue 38).
 */
export const RESTORE_SCRIPTS_AFTER_PAINT =
  `(function(){var done=false;function go(){if(done)return;done=true;` +
  `document.querySelectorAll('script[type="text/module-after-paint"]').forEach(function(old){` +
  `var s=document.createElement("script");s.type="module";s.nonce=old.nonce;s.textContent=old.textContent;` +
  `document.head.appendChild(s)})}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,300)})()`;
