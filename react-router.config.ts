import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel builds (a developer and a test run, say) use their own folders.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Named by entry: index.js is the server, admin.js the admin command line (vite.config.ts).
  serverBuildFile: "[name].js",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
