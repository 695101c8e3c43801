// Once for the e2e run: the built server with the sample content that the files which only read
// share (readOnlySite() in harness.ts), instead of a start of their own each (4-6 s of a core).
import type { TestProject } from "vitest/node";
import { startServer } from "./harness";

export default async function setup(project: TestProject) {
  const server = await startServer({ env: { SAMPLE_CONTENT: "on" } });
  project.provide("readOnlyServer", server.url);
  return async () => {
    await server.stop();
  };
}
