import type { Route } from "./+types/eventos";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "eventos", path: location.pathname, siteUrl: siteUrlFrom(matches) });

export default function Page() {
  return <div className="container py-4"><h1>eventos</h1></div>;
}
