// The doctor's reading of the environment: the server's own check (server/config.ts), then what a
// valid but unwise setting means for a public site.
import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, loadConfig } from "../config";
import { type Finding, fail, ok, warn } from "./finding";

export const secretFileOf = (dataDir: string) => path.join(dataDir, "secrets", "auth-secret");

/**
 * The configuration as the server would read it, without its side effect: the server makes the
 * secret file when there is none, and the doctor (perhaps run as root) must not make one that the
 * service's user cannot read.
 */
export function readConfiguration(env: NodeJS.ProcessEnv): { config?: Config; findings: Finding[] } {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const secretMadeLater = !env.BETTER_AUTH_SECRET && !existsSync(secretFileOf(dataDir));
  try {
    const config = loadConfig({
      ...env,
      ...(secretMadeLater ? { BETTER_AUTH_SECRET: "not-made-yet-".padEnd(32, "-") } : {}),
    });
    return { config, findings: [ok("Configuration", "every variable is valid")] };
  } catch (error) {
    if (error instanceof ConfigError) {
      return {
        findings: error.problems.map((problem) =>
          fail("Configuration", problem, "correct it in the settings file (README, Configuration)"),
        ),
      };
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES") {
      return {
        findings: [
          fail(
            "Secrets",
            `${secretFileOf(dataDir)} cannot be read by this user`,
            "run the doctor as the service's user (sudo -u maktab ...), or give that user the file",
          ),
        ],
      };
    }
    throw error;
  }
}

const loopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host);

/** Valid settings that a public site should not keep. */
export function settingFindings(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const findings: Finding[] = [];
  const publicUrl = new URL(config.publicUrl);
  if (!env.PUBLIC_URL) {
    findings.push(
      fail(
        "PUBLIC_URL",
        `not set, so links in mails, payment returns and sign-in providers point at ${config.publicUrl}`,
        "set PUBLIC_URL to the address people use, such as https://school.example",
      ),
    );
  } else if (publicUrl.protocol === "http:" && !loopback(publicUrl.hostname)) {
    findings.push(
      fail(
        "PUBLIC_URL",
        `${config.publicUrl} is plain HTTP: passwords and session cookies cross the network readable`,
        "put nginx with a certificate in front (docs/deployment.md) and set PUBLIC_URL=https://...",
      ),
    );
  } else if (publicUrl.protocol === "http:") {
    findings.push(warn("PUBLIC_URL", `${config.publicUrl} is this machine only: fine to try the site out`));
  }
  if (config.trustProxy && !loopback(config.host)) {
    findings.push(
      fail(
        "TRUST_PROXY",
        `on while the app listens on ${config.host}: anyone who reaches port ${config.port} directly can send X-Forwarded-For and choose their own address, stepping around every limit kept per address`,
        "set HOST=127.0.0.1, so that only the proxy on this machine reaches the app",
      ),
    );
  }
  if (!config.trustProxy && loopback(config.host) && publicUrl.protocol === "https:") {
    findings.push(
      warn(
        "TRUST_PROXY",
        "off behind a proxy: every visitor has the proxy's address, and all of them share each limit kept per address",
        "set TRUST_PROXY=on (the proxy must replace X-Forwarded-For, as deploy/nginx/maktab.conf does)",
      ),
    );
  }
  if (config.benchCounters) {
    findings.push(
      fail(
        "BENCH_COUNTERS",
        "on: every answer tells anyone how many database queries it cost",
        "remove BENCH_COUNTERS (it is for npm run bench)",
      ),
    );
  }
  if (!config.stripe && !config.sslcommerz && !config.bkash) {
    findings.push(
      warn(
        "Payments",
        "test mode: orders are 'paid' with test cards and no money moves",
        "set a provider's keys (README, Payments) before taking real payments",
      ),
    );
  } else {
    const practice = [
      config.stripe && !/^[a-z]{2}_live_/.test(config.stripe.secretKey) ? "Stripe's test keys" : null,
      config.sslcommerz && !config.sslcommerz.live ? "SSLCommerz's sandbox" : null,
      config.bkash && !config.bkash.live ? "bKash's sandbox" : null,
    ].filter(Boolean);
    if (practice.length > 0) {
      findings.push(warn("Payments", `${practice.join(", ")}: no money moves`));
    }
  }
  if (!config.mail.smtpUrl) {
    findings.push(
      warn(
        "Mail",
        `no SMTP_URL: password reset links and replies are written to ${path.join(config.dataDir, "outbox", "mail")} and reach nobody`,
        "set SMTP_URL and MAIL_FROM",
      ),
    );
  }
  if (!config.sms) {
    findings.push(
      warn(
        "Text messages",
        `no SMS_URL: phone codes are written to ${path.join(config.dataDir, "outbox", "sms")} and reach no phone`,
        "set SMS_URL and SMS_TOKEN",
      ),
    );
  }
  if (!config.backups.schedule) {
    findings.push(
      warn(
        "Backups",
        "no BACKUP_SCHEDULE: the app takes no backup of itself",
        'set BACKUP_SCHEDULE="30 2 * * *" (every night at 02:30) and copy BACKUP_DIR off the machine',
      ),
    );
  }
  if (env.ADMIN_PASSWORD) {
    findings.push(
      warn(
        "ADMIN_PASSWORD",
        "kept in the environment: anyone who reads the settings file reads an admin's first password",
        "once the admin exists, remove ADMIN_EMAIL and ADMIN_PASSWORD (npm run admin changes accounts later)",
      ),
    );
  }
  return findings;
}
