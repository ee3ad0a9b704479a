// The site's whole stylesheet as a hashed, cached file (the build also inlines each route's part).
import wholeStylesheetHref from "../styles/app.scss?url";

let wholeStylesheet: Promise<unknown> | undefined;

/**
 * A page carries only its own route's rules (decision 080), so before React shows another route
 * in place the browser needs the rest: the whole stylesheet, asked for once, with the new page's
 * data, and waited for (loaded or failed, as offline) before the navigation ends. A visit that
 * never leaves its page never downloads it.
 */
export async function wholeStylesheetBeforeNavigation<Result>(
  { request }: { request: Request },
  next: () => Promise<Result>,
): Promise<Result> {
  if (!wholeStylesheet && new URL(request.url).pathname !== location.pathname) {
    const link = document.head.appendChild(document.createElement("link"));
    wholeStylesheet = new Promise((settled) => (link.onload = link.onerror = settled));
    link.rel = "stylesheet";
    link.href = wholeStylesheetHref;
  }
  const result = await next();
  await wholeStylesheet;
  return result;
}
