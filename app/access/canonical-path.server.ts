import { redirect, type MiddlewareFunction } from "react-router";
import { canonicalPath } from "../lib/site-paths.ts";

/**
 * Root middleware, first of all: one address per page (decision 024). A page asked for with a
 * trailing slash ("/login/", "/eventos/?taquito") moves permanently to its path without it, query
 * kept, before anything renders. Two addresses for one page made a crawler walk /login/ without
 * end and split the page's links and statistics. Only reads (GET, HEAD): a form posted to the
 * other form is answered where it was sent. Data requests (".data") never end in a slash.
 */
export const canonicalPathMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const canonical = canonicalPath(url.pathname);
  if (canonical !== url.pathname) throw redirect(`${canonical}${url.search}`, 301);
};
