import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// One SSR build holds the Hono server and the pages: server/main.ts is the SSR entry and
// imports the React Router build through its virtual module.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsDir: "assets",
    rollupOptions: isSsrBuild ? { input: { index: "./server/main.ts" } } : undefined,
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
}));
