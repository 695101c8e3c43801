// The container image (deploy/container/Containerfile) built and run with podman as an operator
// runs it: the site answers on its embedded defaults, as a user of its own, with its data in the
// /data volume (kept for the next container, as after an upgrade), a healthcheck that passes and
// a clean stop. No image registry is reachable in CI, so the image is built FROM a base made from
// Debian's packages (deploy/container/offline-base.sh) unless MAKTAB_CONTAINER_BASE names another
// (docker.io/library/node:20-bookworm-slim where it can be pulled). Skipped, saying why, where
// podman or debootstrap is missing. Not part of `npm test`: .ci/run runs it beside the suite
// (`npx vitest run --project container`), docs/container.md says how long it takes.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectFolder } from "../fixtures/commands";

const image = "localhost/maktab:test";
const offlineBase = "localhost/maktab-base:node20-bookworm";
const base = process.env.MAKTAB_CONTAINER_BASE;
const account = { email: "kept@school.test", password: "kept-password-1", name: "Kept" };

/** Whether a command is installed (root's tools live in sbin, which a PATH may leave out). */
function onPath(command: string): boolean {
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin"];
  return dirs.some((dir) => dir && existsSync(path.join(dir, command)));
}

function whySkipped(): string | undefined {
  if (!onPath("podman")) return "podman is not installed (apt-get install -y podman)";
  if (base) return undefined;
  if (process.getuid?.() !== 0) return "making the offline base needs root (or set MAKTAB_CONTAINER_BASE)";
  if (!onPath("debootstrap")) return "debootstrap is not installed (apt-get install -y debootstrap)";
  return undefined;
}

type Run = { code: number | null; stdout: string; output: string };

/** Runs a command: its standard output, and all it printed (both streams) for a failure's message. */
function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectFolder, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, output }));
  });
}

async function mustRun(command: string, args: string[]): Promise<string> {
  const result = await run(command, args);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.code}:\n${result.output.slice(-4000)}`);
  }
  return result.stdout;
}

// How podman runs here. Debian's default runtime, crun, refuses a host whose cgroups are v1 with a
// v2 hierarchy beside (this machine); runc runs there. And podman asks for 1,048,576 open files and
// processes, more than this machine's hard limits, which root here cannot raise: ask for those.
function podmanFlags(): { runtime: string[]; limits: string[] } {
  const limits = readFileSync("/proc/self/limits", "utf8");
  const hard = (what: string) => Number(new RegExp(`^${what}\\s+\\S+\\s+(\\d+)`, "m").exec(limits)?.[1]);
  // Processes: at most pid_max, which podman cannot pass either (32,768 here).
  const pidMax = Number(readFileSync("/proc/sys/kernel/pid_max", "utf8"));
  const files = hard("Max open files") || 1024;
  const processes = Math.min(hard("Max processes") || pidMax, pidMax);
  return {
    runtime: onPath("runc") ? ["--runtime", "runc"] : [],
    limits: ["--ulimit", `nofile=${files}:${files}`, "--ulimit", `nproc=${processes}:${processes}`],
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const skipped = whySkipped();

describe.skipIf(skipped)(
  skipped ? `the container image (skipped: ${skipped})` : "the container image",
  () => {
    const { runtime, limits } = skipped ? { runtime: [], limits: [] } : podmanFlags();
    const podman = (...args: string[]) => mustRun("podman", [...runtime, ...args]);
    const name = `maktab-test-${process.pid}`;
    const volume = `maktab-test-data-${process.pid}`;
    let url = "";
    let port = 0;
    let previousImage = "";

    /** Starts a container of the image on the test's volume (the host's network: no address to map). */
    async function start(container: string) {
      await podman(
        "run",
        "--detach",
        "--name",
        container,
        ...limits,
        "--network=host",
        "--env",
        `PORT=${port}`,
        "--env",
        "HOST=127.0.0.1",
        "--volume",
        `${volume}:/data`,
        image,
      );
      const until = Date.now() + 120_000;
      while (Date.now() < until) {
        const ready = await fetch(`${url}/readyz`).then(
          (answer) => answer.status,
          () => 0,
        );
        if (ready === 200) return;
        const state = (await podman("inspect", "--format", "{{.State.Status}}", container)).trim();
        if (state !== "running") throw new Error(`${container} is ${state}:\n${await logsOf(container)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`${container} was not ready in 120 s:\n${await logsOf(container)}`);
    }

    const logsOf = async (container: string) => (await run("podman", [...runtime, "logs", container])).output;

    /** podman stop (SIGTERM, then SIGKILL after 30 s); the container's exit code. */
    async function stop(container: string): Promise<string> {
      await podman("stop", "--time", "30", container);
      return (await podman("inspect", "--format", "{{.State.ExitCode}}", container)).trim();
    }

    const signUpOrIn = (what: "sign-up" | "sign-in") =>
      fetch(`${url}/api/auth/${what}/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify(
          what === "sign-up" ? account : { email: account.email, password: account.password },
        ),
      });

    beforeAll(async () => {
      // Each step's seconds go to the log: what the image costs CI is read there.
      const times: string[] = [];
      let since = Date.now();
      const took = (what: string) => {
        times.push(`${what} ${((Date.now() - since) / 1000).toFixed(1)} s`);
        since = Date.now();
      };
      let from = base;
      if (!from) {
        await mustRun("bash", ["deploy/container/offline-base.sh", offlineBase]);
        from = offlineBase;
        took("base");
      }
      previousImage = (await run("podman", ["image", "inspect", "--format", "{{.Id}}", image])).stdout.trim();
      // The network's TLS may be inspected (as here): the build trusts what this process trusts,
      // or else what this machine trusts (a CI shell may not carry NODE_EXTRA_CA_CERTS).
      const systemCa = "/etc/ssl/certs/ca-certificates.crt";
      const extraCa = process.env.NODE_EXTRA_CA_CERTS ?? (existsSync(systemCa) ? systemCa : undefined);
      const ca =
        extraCa && existsSync(extraCa)
          ? [
              "--volume",
              `${extraCa}:/run/extra-ca.pem:ro`,
              "--build-arg",
              "NODE_EXTRA_CA_CERTS=/run/extra-ca.pem",
            ]
          : [];
      // npm's cache from this machine (its own npm ci just filled it), so npm ci downloads little.
      const npmCache = execFileSync("npm", ["config", "get", "cache"], { cwd: projectFolder })
        .toString()
        .trim();
      const cache = existsSync(npmCache) ? ["--volume", `${npmCache}:/root/.npm`] : [];
      await podman(
        "build",
        "--network=host",
        "--format",
        "docker",
        "--build-arg",
        `BASE=${from}`,
        ...ca,
        ...cache,
        "--file",
        "deploy/container/Containerfile",
        "--tag",
        image,
        ".",
      );
      took("build");
      port = await freePort();
      url = `http://127.0.0.1:${port}`;
      await start(name);
      took("start");
      console.log(`container image: ${times.join(", ")}`);
    });

    afterAll(async () => {
      await run("podman", [...runtime, "rm", "--force", name, `${name}-next`]);
      await run("podman", ["volume", "rm", "--force", volume]);
      // The image this run replaced (its layers stay as the next build's cache).
      const now = (await run("podman", ["image", "inspect", "--format", "{{.Id}}", image])).stdout.trim();
      if (previousImage && now && previousImage !== now) await run("podman", ["rmi", previousImage]);
    });

    it("serves the site on its embedded defaults: the home page and /readyz answer, an account is made", async () => {
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toContain("text/html");
      expect(await home.text()).toContain("<title>");
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect((await signUpOrIn("sign-up")).status).toBe(200);
    });

    it("runs the server as its own user, not root", async () => {
      const pid = (await podman("inspect", "--format", "{{.State.Pid}}", name)).trim();
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      expect(uid).toBe("10001");
    });

    it("has a healthcheck that passes while the site serves", async () => {
      expect((await run("podman", [...runtime, "healthcheck", "run", name])).code).toBe(0);
    });

    it("draws the sample pictures' captions with a font, not empty boxes", async () => {
      // Ink of "ll" and "WW" drawn as sharp draws the captions: a font's W is much wider than its
      // l, while a system without fonts draws the same box for both.
      const ink = `
        const sharp = require("sharp");
        const ink = async (text) => {
          const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="90"><text x="10" y="70" font-family="DejaVu Sans, sans-serif" font-size="64">' + text + '</text></svg>';
          const pixels = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer();
          return pixels.filter((value) => value < 128).length;
        };
        Promise.all([ink("ll"), ink("WW")]).then((counts) => console.log(JSON.stringify(counts)));`;
      const [thin, wide] = JSON.parse(await podman("exec", name, "node", "-e", ink)) as number[];
      expect(wide).toBeGreaterThan(2 * (thin ?? 0));
      expect(await logsOf(name)).not.toContain("Fontconfig error");
    });

    it("backs itself up while it serves (podman exec), into the volume", async () => {
      await podman("exec", name, "node", "build/server/backup.js");
      const folder = (await podman("volume", "inspect", "--format", "{{.Mountpoint}}", volume)).trim();
      const archives = readdirSync(path.join(folder, "backups"));
      expect(archives.some((file) => /^maktab-backup-.*\.tar\.gz$/.test(file))).toBe(true);
    });

    it("stops cleanly on podman stop (SIGTERM): exit code 0", async () => {
      expect(await stop(name)).toBe("0");
      expect(await logsOf(name)).toContain('"msg":"stopped"');
    });

    it("keeps its data in the /data volume: a new container on it knows the account", async () => {
      const declared = await podman("image", "inspect", "--format", "{{json .Config.Volumes}}", image);
      expect(Object.keys(JSON.parse(declared) ?? {})).toEqual(["/data"]);
      await start(`${name}-next`);
      expect((await signUpOrIn("sign-in")).status).toBe(200);
      expect(await logsOf(`${name}-next`)).not.toContain("sample content seeded");
      expect(await stop(`${name}-next`)).toBe("0");
    });
  },
);
