// Everything the bench starts or makes is undone, also on Ctrl-C or an error: servers and
// browsers killed, temporary folders removed, the throwaway PostgreSQL database dropped.
import { rmSync } from "node:fs";

type Task = { name: string; run: () => Promise<void> | void; onExit?: () => void };

const tasks: Task[] = [];
let installed = false;
let stopping = false;

/** True once Ctrl-C (or SIGTERM) asked the bench to stop: what it measured since is not a result. */
export const interrupted = () => stopping;

/** Registers an undo step; the returned function runs it now (once) and forgets it. */
export function onCleanup(
  name: string,
  run: () => Promise<void> | void,
  /** A synchronous last resort if the process exits before run() finished (a kill, a removal). */
  onExit?: () => void,
): () => Promise<void> {
  install();
  const task: Task = { name, run, onExit };
  tasks.push(task);
  return async () => {
    const index = tasks.indexOf(task);
    if (index === -1) return;
    tasks.splice(index, 1);
    await task.run();
  };
}

/** A temporary folder removed at the end however the bench ends. */
export function removeAtEnd(dir: string): () => Promise<void> {
  const remove = () => rmSync(dir, { recursive: true, force: true });
  return onCleanup(`remove ${dir}`, remove, remove);
}

/** Runs every registered step, newest first; a failing step is reported and the rest still run. */
export async function cleanUpAll(): Promise<void> {
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    try {
      await task.run();
    } catch (error) {
      console.error(
        `bench: cleanup "${task.name}" failed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  // `npm run bench` execs node itself (package.json), so a signal sent to npm alone reaches this
  // handler: under `sh -c` or tsx's own relay the bench was orphaned, or killed before cleaning up,
  // and its server kept running. A second signal (a Ctrl-C pressed twice) must not cut the
  // cleanup short.
  const interrupted = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\nbench: ${signal}, cleaning up`);
    void cleanUpAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", interrupted);
  process.on("SIGTERM", interrupted);
  process.on("exit", () => {
    for (const task of tasks) {
      try {
        task.onExit?.();
      } catch {
        // the process is leaving; nothing more to do
      }
    }
  });
}
