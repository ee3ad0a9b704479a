/**
 * The page's scripts start loading after its first paint (decision 021). The server rewrites
 * React Router's module preloads and its module script into inert markup
 * (inert-scripts-rewrite.server.ts); a small inline script (app/ui/restore-scripts-after-paint.tsx) turns
 * them back once the browser has painted. These are the two rewrites, as [original, inert].
 */
export const INERT_SCRIPT_MARKUP = {
  preload: ['rel="modulepreload"', 'rel="modulepreload-after-paint"'],
  module: ['type="module" async=""', 'type="text/module-after-paint" async=""'],
} as const;

/**
 * The inline script that restores them (every module script: in development Vite adds its own),
 * after the first frame, or after 300 ms in a tab that paints no frames (hidden).
 *
 * It is part of the page the server rewrites, so it must hold none of the originals above: it
 * once set `l.rel="modulepreload"`, which the rewrite turned into the inert value, and no
 * preload was ever restored: the modules then came in four waves along their imports (issue
 * 38). It sets the attribute through setAttribute, whose text matches no original.
 */
export const RESTORE_SCRIPTS_AFTER_PAINT =
  `(function(){var done=false;function go(){if(done)return;done=true;` +
  `document.querySelectorAll('link[rel="modulepreload-after-paint"]').forEach(function(l){l.setAttribute("rel","modulepreload")});` +
  `document.querySelectorAll('script[type="text/module-after-paint"]').forEach(function(old){` +
  `var s=document.createElement("script");s.type="module";s.nonce=old.nonce;s.textContent=old.textContent;` +
  `document.head.appendChild(s)})}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,300)})()`;
