// After the build: the empty PGlite cluster that new embedded databases start from
// (server/db/pglite-template.ts).
import { makeTemplate } from "../server/db/pglite-template";

const started = Date.now();
const file = await makeTemplate();
console.log(`PGlite template ready in ${Date.now() - started} ms: ${file}`);
