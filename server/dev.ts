// Development: Vite in middleware mode in front of the same app, pages reloaded on change.
// The server modules load through Vite too, so pages and server share one module graph.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = (await vite.ssrLoadModule("/server/start.ts")) as typeof import("./start");
await startServer({
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  wrapListener: (listener) => (req, res) => vite.middlewares(req, res, () => listener(req, res)),
  onClose: () => vite.close(),
});
