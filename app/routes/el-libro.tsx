import type { Route } from "./+types/el-libro";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "el-libro", path: location.pathname, siteUrl: siteUrlFrom(matches) });

export default function Page() {
  return <div className="container py-4"><h1>el-libro</h1></div>;
}
