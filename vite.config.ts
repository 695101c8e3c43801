import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { banglaFont } from "./scripts/bangla-font";
import { minifyPlainModules } from "./scripts/minify-plain-modules";

// One SSR build holds the Hono server and the pages: server/main.ts is the SSR entry and
// imports the React Router build through its virtual module.
export default defineConfig(({ command, isSsrBuild }) => ({
  // The Bangla font cut to what Bangla pages draw with it, before the CSS names it, and the
  // reading pages' plain modules minified (decision 0067).
  plugins: [banglaFont(), minifyPlainModules(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsDir: "assets",
    // A reading page's plain modules (app/scripts/, decision 0059) are files of their own, loaded
    // by <script type="module" src>: never inlined as data: addresses, which the
    // Content-Security-Policy's script-src refuses.
    assetsInlineLimit: (file: string) => (file.includes("/app/scripts/") ? false : undefined),
    // The command lines are built beside the server: they run where the server runs, with the
    // production dependencies only, and start in a third of the time tsx took to compile them.
    rollupOptions: isSsrBuild
      ? {
          input: {
            index: "./server/main.ts",
            admin: "./scripts/admin.ts",
            backup: "./scripts/backup.ts",
            restore: "./scripts/restore.ts",
            export: "./scripts/export.ts",
            doctor: "./scripts/doctor.ts",
          },
        }
      : {
          output: {
            codeSplitting: {
              groups: [
                // React Router in one chunk: its pieces are on every page anyway, and apart they
                // cost a request and its import lines (0.5 KB brotli on each page that builds a link).
                { name: "react-router", test: /\/node_modules\/react-router\//, priority: 2 },
                // The app's small modules that many pages share, in one chunk: split by which pages
                // import them, they made some thirty files of 0.1-1 KB a page, each compressed apart
                // (1.0-1.4 KB brotli more a page than together). Not the dashboard's components
                // (public pages must not load them), the schemas (loaded when a form is touched) nor
                // the kinds' definitions (every kind's texts in two languages: loaded by the pages
                // that use them, and by a Delete when it is clicked).
                {
                  name: "shared",
                  test: (id: string) =>
                    /\/(app|common|i18n)\//.test(id) &&
                    !/\/components\/dashboard\/|node_modules|\/common\/(schemas|kinds)\//.test(id),
                  // Twelve of the 92 routes: fewer pulled onto pages code most of them do not use.
                  minShareCount: 12,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  // The built server is the production server however it is started (`npm start`, or node on
  // the bundle in a container): without this, React, React Router and the rest pick their
  // development builds at run time unless NODE_ENV happens to be set, and render at half speed.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
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
            // The marksheet PDF: HarfBuzz loads its WebAssembly from beside its own file.
            "harfbuzzjs",
            "pdfkit",
            "fontkit",
          ],
        }
      : undefined,
}));
