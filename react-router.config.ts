import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Parallel work on one machine builds into separate directories (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every action's origin is checked by our root middleware against SITE_URL (the public origin,
  // also behind a proxy), which refuses in Spanish with a 403 page. React Router's own check
  // would answer first with a bare English "400 Bad Request" (decision 026).
  allowedActionOrigins: ["**"],
} satisfies Config;
