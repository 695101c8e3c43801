// A reading page's plain modules (app/scripts/, decision 0059) as the browser gets them: Vite
// copies a `?url` file as it is, comments and all, so the client build minifies each one here
// with the minifier Vite itself uses (Oxc's, through Rolldown). Each file stays a module of its own, its
// name (hashed from the source) unchanged. The development server sends the source as it is.
import { minify, type Plugin } from "vite";

/** A file of app/scripts/, as the bundle names its source (relative to the root, or absolute). */
const plainModule = /(^|\/)app\/scripts\/[^/]+\.js$/;

export function minifyPlainModules(): Plugin {
  return {
    name: "maktab-minify-plain-modules",
    apply: "build",
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !file.fileName.endsWith(".js")) continue;
        const from = file.originalFileNames.find((name) => plainModule.test(name.replaceAll("\\", "/")));
        if (!from) continue;
        const source = typeof file.source === "string" ? file.source : new TextDecoder().decode(file.source);
        const result = await minify(from, source, { compress: true, mangle: true, module: true });
        if (result.errors.length > 0)
          this.error(`${from}: ${result.errors.map((error) => error.message).join("; ")}`);
        file.source = result.code;
      }
    },
  };
}
