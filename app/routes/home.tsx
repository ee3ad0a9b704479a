import type { Route } from "./+types/home";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "home", path: location.pathname, siteUrl: siteUrlFrom(matches) });

export default function Page() {
  return <div className="container py-4"><h1>home</h1></div>;
}
