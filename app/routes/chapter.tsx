import type { Route } from "./+types/chapter";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Capítulo", path: location.pathname, siteUrl: siteUrlFrom(matches) });

export default function Chapter() {
  return <div className="container py-4"><h1>Capítulo</h1></div>;
}
