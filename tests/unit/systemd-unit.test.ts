// deploy/systemd/maktab.service as systemd reads it: `systemd-analyze verify` finds nothing to say
// (it prints unknown keys and bad values but still exits 0, so its output must be empty too), and
// `systemd-analyze security` rates the sandbox it describes. The service is not started here:
// these machines have no systemd running.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const tool = "/usr/bin/systemd-analyze";
const present = existsSync(tool);
if (!present)
  console.warn("systemd-unit.test.ts skipped: systemd-analyze is missing (apt-get install -y systemd)");

const unitFile = path.resolve(import.meta.dirname, "../../deploy/systemd/maktab.service");

describe.skipIf(!present)("the systemd unit", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "maktab-unit-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  // verify checks that the program exists: this machine's Node may live elsewhere than Debian's.
  const unit = readFileSync(unitFile, "utf8").replace(
    "ExecStart=/usr/bin/node ",
    `ExecStart=${process.execPath} `,
  );
  const copy = path.join(folder, "maktab.service");
  writeFileSync(copy, unit);
  const analyze = (...args: string[]) => spawnSync(tool, args, { cwd: folder, encoding: "utf8" });

  it("passes systemd-analyze verify without a word", () => {
    const run = analyze("verify", copy);
    expect(`${run.stdout}${run.stderr}`).toBe("");
    expect(run.status).toBe(0);
  });

  it("runs the app as its own user, writing only its data folder, with no capability", () => {
    const service = unit.slice(unit.indexOf("[Service]"));
    for (const line of [
      "User=maktab",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/maktab",
      "Environment=DATA_DIR=/var/lib/maktab",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "ProtectHome=yes",
      "CapabilityBoundingSet=\n",
      "Restart=on-failure",
      "KillSignal=SIGTERM",
    ]) {
      expect(service).toContain(line);
    }
    expect(service.match(/^ReadWritePaths=.*$/gm)).toEqual(["ReadWritePaths=/var/lib/maktab"]);
  });

  it("is rated OK or better by systemd-analyze security", () => {
    const run = analyze("security", "--offline=yes", "--no-pager", copy);
    const rating = /Overall exposure level for maktab\.service: ([\d.]+) (\w+)/.exec(run.stdout);
    expect(rating, run.stdout + run.stderr).not.toBeNull();
    // 0-2 is "OK" or "SAFE": a plain unit without the hardening above is 9.6 "UNSAFE".
    expect(Number(rating?.[1])).toBeLessThanOrEqual(2);
  });
});
