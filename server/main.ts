// Production entry, bundled with the pages by `npm run build` into build/server/index.js.
import * as build from "virtual:react-router/server-build";
import { defaultAssetsDir } from "./http";
import { projectRoot } from "./project-root";
import { startServer } from "./start";

startServer({ build, mode: "production", assetsDir: defaultAssetsDir(projectRoot()) }).catch((error) => {
  console.error(error);
  process.exit(1);
});
