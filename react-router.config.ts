import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Parallel work on one machine builds into separate directories (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
