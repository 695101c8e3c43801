// Stopping the built server as systemd does (SIGTERM): an upload that is half sent when the signal
// comes is finished and stored, while every request that arrives after it is answered 503 with
// Retry-After (a page in the reader's language, the API's error by code), and the process exits 0.
// A request that does not finish within STOP_TIMEOUT_SECONDS is cut off, and the process still
// exits 0. The upload is sent with Expect: 100-continue, so the test knows the server has it
// before the signal.

import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apiSignIn, copyPreparedDataDir, type RunningServer, sessionOf, startServer } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };

async function signedInServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-stop-"));
  copyPreparedDataDir(false, dataDir);
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env },
  });
  const { token } = sessionOf(await apiSignIn(server, admin.email, admin.password));
  return { server, token };
}

/** A service with a photo, as multipart: the body, and its type with the boundary. */
async function serviceForm(): Promise<{ body: Buffer; type: string }> {
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#c84" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("serviceName", "Tajweed");
  form.append("about", "Reading well");
  form.append("img", new Blob([new Uint8Array(png)], { type: "image/png" }));
  const request = new Request("http://form.local/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

type Upload = {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** Resolves when the connection ends without an answer. */
  cutOff: Promise<string>;
};

/** Starts an upload and sends half its body; resolves once the server has taken the request. */
async function halfSentUpload(server: RunningServer, token: string): Promise<Upload> {
  const { body, type } = await serviceForm();
  const url = new URL("/api/service/addServices", server.url);
  const request = http.request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": type,
      "content-length": String(body.length),
      expect: "100-continue",
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk) => {
        text += chunk;
      });
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once("error", reject);
  });
  const cutOff = answer.then(
    (got) => `answered ${got.status}`,
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  );
  // 100 Continue: the server has read the request's head and handed it to the app.
  await new Promise<void>((resolve) => request.once("continue", resolve));
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    finish: () => {
      request.end(body.subarray(half));
      return answer;
    },
    cutOff,
  };
}

/** Waits for the harness to see the process exit (stop() would signal it again). */
async function exitOf(server: RunningServer): Promise<string> {
  for (;;) {
    const exit = /\[harness\] server exited \((code \S+, signal \S+)\)/.exec(server.logs());
    if (exit?.[1]) return exit[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first answer to `path` that is not 200: the server has begun to stop. */
async function onceStopping(server: RunningServer, pathname: string, headers: Record<string, string> = {}) {
  for (;;) {
    const answer = await fetch(`${server.url}${pathname}`, { headers });
    if (answer.status !== 200) return answer;
    await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("stopping the built server with SIGTERM", () => {
  it("finishes an upload in flight while new requests get 503 with Retry-After, then exits 0", async () => {
    const { server, token } = await signedInServer();
    try {
      const upload = await halfSentUpload(server, token);
      process.kill(server.pid as number, "SIGTERM");

      const page = await onceStopping(server, "/blogs", { "accept-language": "bn" });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("10");
      expect(page.headers.get("connection")).toBe("close");
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await page.text()).toContain("সাইটটি আবার চালু হচ্ছে");

      const api = await fetch(`${server.url}/api/Notice/notices`);
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("10");
      expect(await api.json()).toEqual({
        error: {
          code: "unavailable",
          message: "The site is restarting. Please try again in a few seconds.",
          key: "request.stopping",
        },
      });

      const done = await upload.finish();
      expect(done.status, done.body).toBe(201);
      expect(JSON.parse(done.body)).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
      expect(await exitOf(server)).toBe("code 0, signal null");
      expect(server.logs()).not.toContain("cut off");
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it("cuts off a request still unfinished after STOP_TIMEOUT_SECONDS and exits 0", async () => {
    const { server, token } = await signedInServer({ STOP_TIMEOUT_SECONDS: "1", LOG_LEVEL: "info" });
    try {
      const upload = await halfSentUpload(server, token);
      process.kill(server.pid as number, "SIGTERM");
      // The rest of the body never comes.
      expect(await upload.cutOff).toMatch(/ECONNRESET|socket hang up/);
      expect(await exitOf(server)).toBe("code 0, signal null");
      expect(server.logs()).toContain("1 request(s) still in flight after STOP_TIMEOUT_SECONDS were cut off");
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
