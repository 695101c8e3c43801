// `npm run doctor`: checks a server's setup as the app will see it, with the same variables (run
// it as the service's user with its settings: docs/deployment.md), and says what to fix in plain
// words: the configuration, the database, the disk, the secrets' permissions, PUBLIC_URL through
// the proxy, the providers that are configured, the clock. It changes nothing.
//
// Exit codes: 0 nothing to fix (warnings may be printed), 1 something to fix, 2 wrong usage.
import { readConfiguration, settingFindings } from "../server/doctor/configuration";
import { databaseClock, databaseFindings } from "../server/doctor/database";
import { backupFindings, fileFindings } from "../server/doctor/files";
import { type Finding, report } from "../server/doctor/finding";
import { clockFindings, reachabilityFindings } from "../server/doctor/reachability";

const usage = [
  "Usage: npm run doctor",
  "",
  "Checks this server's setup with the variables the app reads (README, Configuration) and says",
  "what to fix. Run it as the service's user with its settings:",
  "  sudo -u maktab node --env-file=/etc/maktab/maktab.env build/server/doctor.js",
  "Exit codes: 0 nothing to fix, 1 something to fix, 2 wrong usage.",
].join("\n");

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.some((arg) => ["help", "--help", "-h"].includes(arg))) {
    console.log(usage);
    return 0;
  }
  if (args.length > 0) {
    console.error(`Unexpected: ${args.join(" ")}\n\n${usage}`);
    return 2;
  }
  const env = { ...process.env };
  const read = readConfiguration(env);
  const findings: Finding[] = [...read.findings];
  const config = read.config;
  if (config) {
    console.log(`Checking Maktab's setup: ${config.publicUrl}, data in ${config.dataDir}\n`);
    findings.push(...settingFindings(config, env), ...fileFindings(config, env), ...backupFindings(config));
    const [database, reachability] = await Promise.all([
      databaseFindings(config),
      reachabilityFindings(config),
    ]);
    findings.push(...database.findings, ...reachability.findings);
    findings.push(
      ...databaseClock(database.databaseTime),
      ...(await clockFindings(reachability.remoteDates)),
    );
  }
  console.log(report(findings));
  return findings.some((finding) => finding.level === "fail") ? 1 : 0;
}

// Sockets left open by a provider that did not answer must not keep the process.
process.exit(await main());
