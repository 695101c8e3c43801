// Whether what the site depends on answers: the app on its port, the app through PUBLIC_URL (the
// proxy, its certificate, its redirect from plain HTTP), and each provider that is configured
// (payments, text messages, mail, sign-in). Nothing is sent that does anything: no payment, no
// message, no mail. The answers' Date headers tell whether this machine's clock is right.
import { execFile } from "node:child_process";
import { isIP } from "node:net";
import tls from "node:tls";
import { promisify } from "node:util";
import type { Config } from "../config";
import { localAppUrl } from "./database";
import { type Finding, fail, ok, reasonOf, warn } from "./finding";

const answerWithin = 10_000;

type Asked = { finding: Finding; date?: Date };

async function ask(url: string, init: RequestInit = {}): Promise<Response> {
  return await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(answerWithin), ...init });
}

const dateOf = (answer: Response) => {
  const date = answer.headers.get("date");
  return date ? new Date(date) : undefined;
};

async function theApp(config: Config): Promise<Finding> {
  const url = `${localAppUrl(config)}/healthz`;
  try {
    const answer = await ask(url);
    if (answer.ok) return ok("The app", `answers on ${url}`);
    return fail("The app", `${url} answered ${answer.status}`, "read its log: journalctl -u maktab");
  } catch (error) {
    return fail(
      "The app",
      `${url} does not answer (${reasonOf(error)})`,
      "start it (systemctl start maktab) and read its log if it stops: journalctl -u maktab",
    );
  }
}

/** Days the certificate of host:port has left, or the reason it could not be read. */
function certificateDays(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, servername: isIP(host) ? undefined : host }, () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      if (!certificate?.valid_to) return reject(new Error("no certificate"));
      resolve(Math.floor((new Date(certificate.valid_to).getTime() - Date.now()) / 86_400_000));
    });
    socket.setTimeout(answerWithin, () => socket.destroy(new Error("no answer")));
    socket.once("error", reject);
  });
}

async function throughPublicUrl(config: Config): Promise<Finding[]> {
  const base = config.publicUrl;
  const url = `${base}/healthz`;
  const findings: Finding[] = [];
  let answer: Response;
  try {
    answer = await ask(url);
  } catch (error) {
    const reason = reasonOf(error);
    const fix = /certificate|CERT_|self.signed|altnames/i.test(reason)
      ? "the certificate is not valid for this name: renew it (certbot renew) or check ssl_certificate in the nginx site"
      : /ENOTFOUND|EAI_AGAIN/.test(reason)
        ? `the name ${new URL(base).hostname} is not found: point its DNS records (A, AAAA) at this server`
        : "is nginx running (systemctl status nginx), with this name in server_name, and the firewall open on ports 80 and 443?";
    return [fail("PUBLIC_URL", `${url} does not answer (${reason})`, fix)];
  }
  const body = await answer.text().catch(() => "");
  if (answer.status !== 200 || !body.includes('"ok"')) {
    return [
      fail(
        "PUBLIC_URL",
        `${url} answered ${answer.status}${answer.headers.get("location") ? ` to ${answer.headers.get("location")}` : ""}, not the app's health answer`,
        `the proxy must pass every request to the app (proxy_pass http://127.0.0.1:${config.port})`,
      ),
    ];
  }
  findings.push(ok("PUBLIC_URL", `${url} reaches the app`));
  const publicUrl = new URL(base);
  if (publicUrl.protocol !== "https:") return findings;
  if (!answer.headers.get("strict-transport-security")) {
    findings.push(
      warn(
        "PUBLIC_URL",
        "the answer through the proxy has no Strict-Transport-Security header (the app sends one)",
        "do not hide the app's headers in the proxy (proxy_hide_header)",
      ),
    );
  }
  try {
    const days = await certificateDays(publicUrl.hostname, Number(publicUrl.port || 443));
    if (days < 14) {
      findings.push(
        warn(
          "Certificate",
          `ends in ${days} days`,
          "renew it: certbot renew (its timer should do it on its own)",
        ),
      );
    } else {
      findings.push(ok("Certificate", `valid for ${days} more days`));
    }
  } catch (error) {
    findings.push(warn("Certificate", `could not be read (${reasonOf(error)})`));
  }
  // Someone who types the name alone arrives on port 80.
  const plain = `http://${publicUrl.hostname}/`;
  try {
    const redirect = await ask(plain);
    const location = redirect.headers.get("location") ?? "";
    if ([301, 302, 307, 308].includes(redirect.status) && location.startsWith("https://")) {
      findings.push(ok("HTTP to HTTPS", `${plain} sends visitors to ${location}`));
    } else {
      findings.push(
        warn(
          "HTTP to HTTPS",
          `${plain} answered ${redirect.status} rather than a redirect to https://`,
          "keep the port 80 server of deploy/nginx/maktab.conf",
        ),
      );
    }
  } catch (error) {
    findings.push(
      warn(
        "HTTP to HTTPS",
        `${plain} does not answer (${reasonOf(error)}): a visitor who types the name without https:// gets nothing`,
        "keep the port 80 server of deploy/nginx/maktab.conf, and port 80 open in the firewall",
      ),
    );
  }
  return findings;
}

/** Any HTTP answer means the service is reachable; what it says to an empty request does not matter. */
async function reachable(topic: string, url: string, init: RequestInit = {}): Promise<Asked> {
  try {
    const answer = await ask(url, init);
    await answer.arrayBuffer().catch(() => undefined);
    return { finding: ok(topic, `${new URL(url).origin} answers`), date: dateOf(answer) };
  } catch (error) {
    return {
      finding: fail(
        topic,
        `${url} cannot be reached (${reasonOf(error)})`,
        "check the address, this machine's DNS and firewall (outgoing HTTPS)",
      ),
    };
  }
}

async function stripe(config: NonNullable<Config["stripe"]>): Promise<Asked> {
  const url = `${config.apiUrl ?? "https://api.stripe.com"}/v1/balance`;
  try {
    const answer = await ask(url, { headers: { authorization: `Bearer ${config.secretKey}` } });
    await answer.arrayBuffer().catch(() => undefined);
    if (answer.status === 401) {
      return {
        finding: fail(
          "Stripe",
          "refuses STRIPE_SECRET_KEY",
          "copy the secret key again from Stripe's dashboard",
        ),
        date: dateOf(answer),
      };
    }
    return { finding: ok("Stripe", `answers (${answer.status}) and takes the key`), date: dateOf(answer) };
  } catch (error) {
    return {
      finding: fail(
        "Stripe",
        `${url} cannot be reached (${reasonOf(error)})`,
        "check DNS and outgoing HTTPS",
      ),
    };
  }
}

async function mail(smtpUrl: string): Promise<Finding> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(smtpUrl, {
    connectionTimeout: answerWithin,
    greetingTimeout: answerWithin,
    socketTimeout: answerWithin,
  } as Parameters<typeof createTransport>[1]);
  try {
    await transport.verify();
    return ok("Mail", "the SMTP server answers and takes the login");
  } catch (error) {
    return fail(
      "Mail",
      `the SMTP server in SMTP_URL does not take mail from here (${reasonOf(error)})`,
      "check SMTP_URL's host, port, user and password (smtps:// for port 465)",
    );
  } finally {
    transport.close();
  }
}

const sslcommerzUrl = (config: NonNullable<Config["sslcommerz"]>) =>
  config.apiUrl ?? (config.live ? "https://securepay.sslcommerz.com" : "https://sandbox.sslcommerz.com");
const bkashUrl = (config: NonNullable<Config["bkash"]>) =>
  config.apiUrl ??
  (config.live ? "https://tokenized.pay.bka.sh/v1.2.0-beta" : "https://tokenized.sandbox.bka.sh/v1.2.0-beta");

export type Reachability = { findings: Finding[]; remoteDates: Date[] };

export async function reachabilityFindings(config: Config): Promise<Reachability> {
  const providers: Promise<Asked>[] = [];
  if (config.stripe) providers.push(stripe(config.stripe));
  if (config.sslcommerz) providers.push(reachable("SSLCommerz", sslcommerzUrl(config.sslcommerz)));
  if (config.bkash) providers.push(reachable("bKash", bkashUrl(config.bkash)));
  if (config.sms) providers.push(reachable("Text messages", config.sms.url, { method: "HEAD" }));
  if (config.oidc) providers.push(reachable("Sign-in provider", config.oidc.discoveryUrl));
  if (config.mail.smtpUrl) providers.push(mail(config.mail.smtpUrl).then((finding) => ({ finding })));
  const [app, publicUrl, asked] = await Promise.all([
    theApp(config),
    throughPublicUrl(config),
    Promise.all(providers),
  ]);
  return {
    findings: [app, ...publicUrl, ...asked.map((answer) => answer.finding)],
    remoteDates: asked.flatMap((answer) => (answer.date ? [answer.date] : [])),
  };
}

/** Whether the system keeps its clock in time, and how far it is from the providers' clocks. */
export async function clockFindings(remoteDates: Date[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  // A Date header is whole seconds, sent a moment ago.
  const skews = remoteDates.map((date) => Math.round((Date.now() - date.getTime()) / 1000));
  const worst = skews.reduce((most, skew) => (Math.abs(skew) > Math.abs(most) ? skew : most), 0);
  if (Math.abs(worst) > 30) {
    findings.push(
      fail(
        "Clock",
        `${Math.abs(worst)} s ${worst > 0 ? "ahead of" : "behind"} the providers' clocks: payment signatures, phone codes and scheduled backups need the right time`,
        "apt-get install systemd-timesyncd (or chrony), then timedatectl set-ntp true",
      ),
    );
  }
  try {
    const { stdout } = await promisify(execFile)(
      "timedatectl",
      ["show", "-p", "NTPSynchronized", "--value"],
      {
        timeout: 5_000,
      },
    );
    if (stdout.trim() === "yes") findings.push(ok("Clock", "kept in time by the system (NTP)"));
    else {
      findings.push(
        warn(
          "Clock",
          "the system says its clock is not synchronised",
          "apt-get install systemd-timesyncd (or chrony), then timedatectl set-ntp true",
        ),
      );
    }
  } catch {
    if (findings.length === 0) {
      findings.push(
        warn(
          "Clock",
          `could not ask the system (timedatectl) whether the clock is kept in time; it reads ${new Date().toISOString()}`,
          "compare it with a clock you trust; on a server, apt-get install systemd-timesyncd",
        ),
      );
    }
  }
  if (remoteDates.length > 0 && Math.abs(worst) <= 30) {
    findings.push(ok("Clock", `within ${Math.max(1, Math.abs(worst))} s of the providers' clocks`));
  }
  return findings;
}
