// Issue 34's "onto a server": Debian's nginx with deploy/nginx/maktab.conf (only its paths and
// ports changed) and a self-signed certificate, in front of the built app with PUBLIC_URL on the
// proxy's https address and TRUST_PROXY=on, and a visitor going through it over HTTP/2: pages,
// the build's files with their cache header and their own compressed bytes, sign-in, an upload, a
// payment and its return through the test gateway, the limits on a body's size, and the address
// the app sees. Then `npm run doctor` on this very setup. One app start and one nginx.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simplePdf } from "../../server/sample-content/pdf";
import { runBuilt } from "../fixtures/commands";
import { type Visitor, visitor } from "../fixtures/https-client";
import { copyPreparedDataDir, getFreePort, type RunningServer, repoRoot, startServer } from "./harness";

const nginxBinary = "/usr/sbin/nginx";
const missing = [
  existsSync(nginxBinary) ? null : "nginx is not installed (apt-get install -y nginx)",
  existsSync("/usr/bin/openssl") ? null : "openssl is not installed (apt-get install -y openssl)",
].filter(Boolean);
if (missing.length > 0) console.warn(`behind-nginx.test.ts skipped: ${missing.join("; ")}`);

const siteFile = path.join(repoRoot, "deploy", "nginx", "maktab.conf");
const buildDir = path.join(repoRoot, process.env.BUILD_DIR ?? "build");
const admin = { email: "office@school.test", password: "office-password-1" };
const buyer = { email: "buyer@school.test", password: "buyer-password-1", name: "Buyer" };

/** The site file with this test's paths and ports: everything else as committed. */
function templated(site: string, at: { https: number; http: number; app: number; folder: string }): string {
  const replacements: Array<[string | RegExp, string]> = [
    ["listen 443 ssl http2;", `listen 127.0.0.1:${at.https} ssl http2;`],
    ["listen [::]:443 ssl http2;", `listen [::1]:${at.https} ssl http2;`],
    ["listen 80;", `listen 127.0.0.1:${at.http};`],
    ["listen [::]:80;", `listen [::1]:${at.http};`],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${at.app};`],
    ["/etc/letsencrypt/live/school.example/fullchain.pem", path.join(at.folder, "cert.pem")],
    ["/etc/letsencrypt/live/school.example/privkey.pem", path.join(at.folder, "key.pem")],
    [/\/var\/log\/nginx\//g, `${at.folder}/`],
    ["root /var/www/html;", `root ${at.folder}/www;`],
  ];
  let text = site;
  for (const [from, to] of replacements) {
    const before = text;
    text = typeof from === "string" ? text.split(from).join(to) : text.replace(from, to);
    if (text === before) throw new Error(`the site file no longer has ${from}: update this test`);
  }
  return text;
}

/** nginx's own configuration around the site, as Debian's /etc/nginx/nginx.conf has it. */
function mainConfig(folder: string): string {
  return `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${folder}/access.log;
  gzip on;
  client_body_temp_path ${folder}/temp/body;
  proxy_temp_path ${folder}/temp/proxy;
  fastcgi_temp_path ${folder}/temp/fastcgi;
  uwsgi_temp_path ${folder}/temp/uwsgi;
  scgi_temp_path ${folder}/temp/scgi;
  include ${folder}/maktab.conf;
}
`;
}

async function multipart(fields: Record<string, string | Blob>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://form.local/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get("content-type") ?? "",
  };
}

describe.skipIf(missing.length > 0)("the built app behind Debian's nginx with TLS", () => {
  const folder = path.join(os.tmpdir(), `maktab-nginx-${process.pid}-${Date.now()}`);
  let server: RunningServer;
  let nginx: ChildProcess;
  let nginxOutput = "";
  let origin: string;
  let httpPort: number;
  let ca: string;
  const visitors: Visitor[] = [];
  const visit = (localAddress?: string) => {
    const made = visitor(origin, { ca, localAddress });
    visitors.push(made);
    return made;
  };
  const json = (body: unknown) => ({
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin },
  });

  beforeAll(async () => {
    mkdirSync(path.join(folder, "temp"), { recursive: true });
    mkdirSync(path.join(folder, "www"));
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", path.join(folder, "key.pem"), "-out", path.join(folder, "cert.pem"), "-days", "30"],
        ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
      ],
      { stdio: "ignore" },
    );
    ca = readFileSync(path.join(folder, "cert.pem"), "utf8");
    const [httpsPort, plainPort] = [await getFreePort(), await getFreePort()];
    httpPort = plainPort;
    origin = `https://127.0.0.1:${httpsPort}`;
    const dataDir = path.join(folder, "data");
    mkdirSync(dataDir);
    copyPreparedDataDir(false, dataDir);
    server = await startServer({
      dataDir,
      env: {
        PUBLIC_URL: origin,
        TRUST_PROXY: "on",
        CURRENCY: "BDT",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    const site = templated(readFileSync(siteFile, "utf8"), {
      https: httpsPort,
      http: httpPort,
      app: Number(new URL(server.url).port),
      folder,
    });
    writeFileSync(path.join(folder, "maktab.conf"), site);
    writeFileSync(path.join(folder, "nginx.conf"), mainConfig(folder));
    const args = ["-p", folder, "-e", path.join(folder, "error.log"), "-c", path.join(folder, "nginx.conf")];
    execFileSync(nginxBinary, ["-t", "-q", ...args], { stdio: "pipe" });
    nginx = spawn(nginxBinary, args, { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stdout?.on("data", (chunk) => {
      nginxOutput += chunk;
    });
    nginx.stderr?.on("data", (chunk) => {
      nginxOutput += chunk;
    });
    for (let attempt = 0; ; attempt++) {
      const probe = visitor(origin, { ca });
      try {
        if ((await probe.request("/healthz")).status === 200) break;
      } catch (error) {
        if (attempt > 100 || nginx.exitCode !== null) {
          throw new Error(
            `nginx did not answer: ${error}\n${nginxOutput}\n${readFileSync(path.join(folder, "error.log"), "utf8")}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        probe.close();
      }
    }
  });

  afterAll(async () => {
    for (const made of visitors) made.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("sends plain HTTP to HTTPS, keeping the path", async () => {
    const answer = await fetch(`http://127.0.0.1:${httpPort}/blogs?page=2`, { redirect: "manual" });
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("https://127.0.0.1/blogs?page=2");
  });

  it("serves pages over HTTP/2 with a certificate the visitor checks, compressed once, with the app's HSTS", async () => {
    const guest = visit();
    expect(await guest.protocol()).toBe("h2");
    for (const page of ["/", "/blogs", "/login"]) {
      const answer = await guest.request(page);
      expect(answer.status, page).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.text()).toMatch(/^<!DOCTYPE html>/i);
      expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("serves the build's files with a year's immutable cache and their own compressed bytes", async () => {
    const guest = visit();
    const assets = readdirSync(path.join(buildDir, "client", "assets"));
    const script = assets.find((name) => name.endsWith(".js") && assets.includes(`${name}.br`));
    const small = assets.find((name) => name.endsWith(".js") && !assets.includes(`${name}.br`));
    if (!script || !small) throw new Error("the build has no compressed script, or no small one");
    const file = (name: string) => readFileSync(path.join(buildDir, "client", "assets", name));
    const inBrotli = await guest.request(`/assets/${script}`);
    expect(inBrotli.status).toBe(200);
    expect(inBrotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(inBrotli.headers["content-encoding"]).toBe("br");
    // The very bytes the build compressed at its best: neither decompressed nor compressed again.
    expect(inBrotli.raw.equals(file(`${script}.br`))).toBe(true);
    const inGzip = await guest.request(`/assets/${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(inGzip.headers["content-encoding"]).toBe("gzip");
    expect(inGzip.raw.equals(file(`${script}.gz`))).toBe(true);
    // Under the app's threshold nothing is worth compressing, here either.
    const plain = await guest.request(`/assets/${small}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.raw.equals(file(small))).toBe(true);
    // A name the build does not have is not kept for a year by anyone.
    const none = await guest.request("/assets/not-in-the-build.js");
    expect(none.status).toBe(404);
    expect(none.headers["cache-control"] ?? "").not.toMatch(/immutable|max-age=[1-9]/);
  });

  it("takes a page's form from the https address, and its cookie is Secure", async () => {
    const guest = visit();
    const chosen = await guest.request("/language", {
      method: "POST",
      body: new URLSearchParams({ locale: "bn", redirectTo: "/blogs" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
    });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe("/blogs");
    expect(chosen.headers["set-cookie"]?.join("\n")).toMatch(/=bn;.*; Secure/);
    expect((await guest.request("/blogs")).text()).toMatch(/<html[^>]* lang="bn"/);
  });

  it("signs in with a Secure cookie, and the app sees the visitor's own address, not one it sent", async () => {
    // A visitor from 127.0.0.2: nginx sees that address, the app sees nginx's 127.0.0.1.
    const person = visit("127.0.0.2");
    const signIn = await person.request("/api/auth/sign-in/email", {
      method: "POST",
      ...json({ email: admin.email, password: admin.password }),
      headers: { ...json({}).headers, "x-forwarded-for": "203.0.113.9" },
    });
    expect(signIn.status).toBe(200);
    const cookies = [signIn.headers["set-cookie"] ?? []].flat();
    expect(cookies.find((line) => line.startsWith("__Secure-maktab.session_token="))).toMatch(/; Secure/i);
    const sessions = await person.request("/api/auth/list-sessions", {
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(sessions.status).toBe(200);
    // The other session is the admin's own, made by the server's start without a request.
    const addresses = sessions.json<Array<{ ipAddress: string }>>().map((session) => session.ipAddress);
    expect(addresses.filter(Boolean)).toEqual(["127.0.0.2"]);
    const dashboard = await person.request("/DeashBoard");
    expect(dashboard.status).toBe(200);
  });

  it("takes an upload, whose image is then served with a long cache", async () => {
    const office = visit();
    await office.request("/api/auth/sign-in/email", {
      method: "POST",
      ...json({ email: admin.email, password: admin.password }),
    });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const form = await multipart({
      serviceName: "Hifz",
      about: "Memorising",
      img: new Blob([new Uint8Array(png)], { type: "image/png" }),
    });
    const created = await office.request("/api/service/addServices", {
      method: "POST",
      body: form.body,
      headers: { "content-type": form.type, origin },
    });
    expect(created.status).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    const record = await office.request(`/api/service/services/${id}`);
    const image = new URL(record.json<{ img: string }>().img, origin);
    expect(image.origin).toBe(origin);
    const served = await office.request(image.pathname);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(served.raw).metadata()).width).toBe(64);
  });

  it("leaves a body a little over the app's limit to the app, and stops one over anything the app takes", async () => {
    const office = visit();
    await office.request("/api/auth/sign-in/email", {
      method: "POST",
      ...json({ email: admin.email, password: admin.password }),
    });
    const upload = async (bytes: number) => {
      const pdf = Buffer.from(simplePdf("Admission form", ["Bring it to the office"]));
      const file = Buffer.concat([pdf, Buffer.alloc(bytes - pdf.length, 0x20)]);
      const form = await multipart({
        title: "Admission form",
        category: "form",
        file: new Blob([new Uint8Array(file)], { type: "application/pdf" }),
      });
      return office.request("/api/downloads", {
        method: "POST",
        body: form.body,
        headers: { "content-type": form.type, origin },
      });
    };
    // 20.75 MB: more than the app takes (20 MB and the form), less than nginx lets through.
    const forTheApp = await upload(20.75 * 1024 * 1024);
    expect(forTheApp.status).toBe(413);
    expect(forTheApp.json<{ error: { code: string } }>().error.code).toBe("payload_too_large");
    // Over nginx's 21 MB: nginx answers, and the app never reads it.
    const forNginx = await upload(21.5 * 1024 * 1024);
    expect(forNginx.status).toBe(413);
    expect(forNginx.headers["content-type"]).toMatch(/^text\/html/);
    expect(forNginx.text()).toContain("413 Request Entity Too Large");
  });

  it("pays through the test gateway and comes back to the site's https address", async () => {
    const office = visit();
    await office.request("/api/auth/sign-in/email", {
      method: "POST",
      ...json({ email: admin.email, password: admin.password }),
    });
    const admission = await office.request("/api/AddAdmition", {
      method: "POST",
      ...json({ title: "Class Six", price: "1250", about: "Seats", image: "https://img.example/a.jpg" }),
    });
    expect(admission.status).toBe(201);
    const admissionId = admission.json<{ insertedId: string }>().insertedId;

    const person = visit();
    expect((await person.request("/api/auth/sign-up/email", { method: "POST", ...json(buyer) })).status).toBe(
      200,
    );
    const started = await person.request("/api/Order/create-payment-intent", {
      method: "POST",
      ...json({ items: [{ id: admissionId, quantity: 1 }], provider: "sslcommerz" }),
    });
    expect(started.status).toBe(200);
    const { orderId, redirectUrl } = started.json<{ orderId: string; redirectUrl: string }>();
    // PUBLIC_URL is the proxy's address: the provider sends the buyer back there.
    expect(redirectUrl.startsWith(`${origin}/payment-getway/test-gateway/`)).toBe(true);
    const gateway = new URL(redirectUrl).pathname;
    expect((await person.request(gateway)).status).toBe(200);
    const paid = await person.request(gateway, {
      method: "POST",
      body: new URLSearchParams({ outcome: "paid", channel: "BKASH-BKash" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
    });
    expect(paid.status, paid.text().slice(0, 3000)).toBe(302);
    expect(paid.headers.location).toBe(`/payment-getway/ssl?outcome=paid&order=${orderId}`);
    const order = await person.request(`/api/Order/orders/${orderId}`);
    expect(order.json<{ status: string }>().status).toBe("paid");
  });

  it("npm run doctor finds nothing to fix in this setup", async () => {
    const run = await runBuilt(
      "doctor",
      {
        PUBLIC_URL: origin,
        TRUST_PROXY: "on",
        CURRENCY: "BDT",
        HOST: "127.0.0.1",
        PORT: new URL(server.url).port,
        DATA_DIR: server.dataDir,
        // The test's own certificate authority, as a school's would be a public one.
        NODE_EXTRA_CA_CERTS: path.join(folder, "cert.pem"),
      },
      [],
    );
    expect(run.stdout).toContain(`ok    PUBLIC_URL: ${origin}/healthz reaches the app`);
    expect(run.stdout).toContain("ok    Certificate: valid for 29 more days");
    expect(run.stdout).toMatch(/ok {4}Database \(embedded\): held by the running server \(pid \d+\)/);
    expect(run.stdout).toContain("No problem found");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });
});
