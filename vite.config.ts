import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// One SSR build holds the Hono server and the pages: server/main.ts is the SSR entry and
// imports the React Router build through its virtual module.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsDir: "assets",
    rollupOptions: isSsrBuild ? { input: { index: "./server/main.ts" } } : undefined,
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  // The built server carries its dependencies in one file: Node then loads one module instead of
  // resolving and reading about 1,800, which took a third of a cold start. Left outside:
  // packages with native or WebAssembly parts, and the large ones loaded only when configured.
  ssr:
    command === "build"
      ? {
          noExternal: true,
          external: [
            "@electric-sql/pglite",
            "sharp",
            "@aws-sdk/client-s3",
            "@aws-sdk/s3-request-presigner",
            "flydrive",
            "stripe",
            "nodemailer",
            "ioredis",
            "pino",
          ],
        }
      : undefined,
}));
