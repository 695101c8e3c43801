// The built server is the production server however it is started. `npm start` sets no
// NODE_ENV, and React, React Router and the other bundled packages choose their development
// builds at run time when it is not "production": the pages then render about half as fast.
// The build fixes the choice (vite.config.ts), so nothing in the bundle may ask again. Read from
// the build `npm test` makes, as the end-to-end files are.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const serverBundle = path.resolve(repoRoot, process.env.BUILD_DIR ?? "build", "server", "index.js");

describe("the built server", () => {
  const code = readFileSync(serverBundle, "utf8");

  it("decides nothing by NODE_ENV when it runs", () => {
    expect(code.match(/.{0,40}process\.env\.NODE_ENV.{0,40}/g) ?? []).toEqual([]);
  });

  it("holds React's production build only", () => {
    // A warning that only React's development build carries.
    expect(code).not.toContain("Each child in a list should have a unique");
    expect(code).toContain("renderToPipeableStream");
  });
});
