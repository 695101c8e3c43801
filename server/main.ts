// Production entry, bundled with the pages by `npm run build` into build/server/index.js.
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { startServer } from "./start";

// The browser's files sit beside this bundle: <build>/server/index.js and <build>/client/.
const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

startServer({ build, mode: "production", assetsDir }).catch((error) => {
  console.error(error);
  process.exit(1);
});
