// Once for the e2e run:
// - the DATA_DIR of a server stopped just after its first start, with the sample content and
//   without, that each file's own server starts on a copy of (copyPreparedDataDir in harness.ts);
// - the built server with the sample content that the files which only read share
//   (readOnlySite() in harness.ts), instead of a start of their own each.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "./harness";

async function preparedDataDir(sampleContent: boolean): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-e2e-prepared-"));
  const server = await startServer({ dataDir, env: { SAMPLE_CONTENT: sampleContent ? "on" : "off" } });
  const exit = await server.stop();
  if (exit.code !== 0)
    throw new Error(`E2E global setup: the server stopped with ${exit.code}\n${server.logs()}`);
  return dataDir;
}

export default async function setup(project: TestProject) {
  const [seeded, empty] = await Promise.all([preparedDataDir(true), preparedDataDir(false)]);
  project.provide("seededDataDir", seeded);
  project.provide("emptyDataDir", empty);
  const sharedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-e2e-shared-"));
  fs.cpSync(seeded, sharedDataDir, { recursive: true });
  const server = await startServer({ dataDir: sharedDataDir, env: { SAMPLE_CONTENT: "on" } });
  project.provide("readOnlyServer", server.url);
  return async () => {
    await server.stop();
    for (const dir of [sharedDataDir, seeded, empty]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
