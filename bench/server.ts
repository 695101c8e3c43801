// Starts the built server as `npm start` would, times its cold start (spawn to the first 200 on
// /), and reads its memory from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getFreePort } from "../tests/e2e/harness";
import { onCleanup } from "./cleanup";

export const adminAccount = { email: "admin@bench.example", password: "bench admin password 1" };

export type AppServer = {
  url: string;
  pid: number;
  coldStartMs: number;
  /** SIGTERM, then SIGKILL after 10 s. Idempotent. */
  stop(): Promise<void>;
  logs(): string;
};

const startTimeoutMs = 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startAppServer(options: {
  buildDir: string;
  dataDir: string;
  databaseUrl?: string;
  /** More settings, such as TRUST_PROXY. */
  env?: Record<string, string>;
  /** Node's own options, such as --cpu-prof (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<AppServer> {
  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // as `npm start` from a plain shell: the build makes it production
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    SAMPLE_CONTENT: "off",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: adminAccount.email,
    ADMIN_PASSWORD: adminAccount.password,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });

  let output = "";
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(options.buildDir, "server", "index.js")],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const stop = onCleanup(
    `server ${url}`,
    async () => {
      if (!alive()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
    () => {
      if (alive()) child.kill("SIGKILL");
    },
  );

  // Polled often: the figure is the time until the home page answers, not the poll interval.
  for (;;) {
    if (!alive()) {
      await stop();
      throw new Error(`the server exited before / answered 200\n--- server output ---\n${output}`);
    }
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > startTimeoutMs) {
      await stop();
      throw new Error(
        `/ did not answer 200 within ${startTimeoutMs / 1000} s\n--- server output ---\n${output}`,
      );
    }
    await sleep(20);
  }
  const coldStartMs = Math.round(performance.now() - started);
  return { url, pid: child.pid!, coldStartMs, stop, logs: () => output };
}

export type Memory = { rssMb: number; peakRssMb: number };

/** VmRSS and VmHWM (peak) of a process, in MB; null where /proc is not there (not Linux). */
export function readMemory(pid: number): Memory | null {
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return null;
  }
}

/** CPU time a process has used (user and system), in ms; null where /proc is not there. */
export function readCpuMs(pid: number): number | null {
  try {
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15, in clock
    // ticks of 1/100 s (USER_HZ on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Waits until the server works less than a tenth of a core for half a second (at most
 * `maxSeconds`): a run cut short leaves answers rendering and kept copies compressing, which
 * would count against the next run.
 */
export async function settle(pid: number, maxSeconds = 60): Promise<void> {
  const until = performance.now() + maxSeconds * 1000;
  let before = readCpuMs(pid);
  if (before === null) return sleep(2000);
  while (performance.now() < until) {
    await sleep(500);
    const now = readCpuMs(pid);
    if (now === null || now - before < 50) return;
    before = now;
  }
}

export function parseProcStatus(status: string): Memory | null {
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match ? Number(match[1]) : null;
  };
  const rss = kb("VmRSS");
  const peak = kb("VmHWM");
  if (rss === null || peak === null) return null;
  return { rssMb: Math.round(rss / 102.4) / 10, peakRssMb: Math.round(peak / 102.4) / 10 };
}

/** Signs in through the API as the site's own pages do; answers the cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}
