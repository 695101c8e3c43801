// The built server as an operator runs it: first start with sample content, assets and files,
// a graceful stop, a restart on the same data, and PostgreSQL instead of the embedded database.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../fixtures/throwaway-database";
import { apiSignIn, startServer } from "./harness";

const admin = { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" };

describe("the server's life", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-life-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts on an empty folder with sample content, serves assets and images, and stops cleanly", async () => {
    const server = await startServer({ dataDir, env: { ...admin, SAMPLE_CONTENT: "on", LOG_LEVEL: "info" } });
    try {
      // The login page keeps React (the home page has none: decision 0059), so it names its route's script.
      const login = await (await fetch(`${server.url}/login`)).text();
      const script = /import \* as route0 from "(\/assets\/[^"]+\.js)"/.exec(login)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(server.url + script, { headers: { "accept-encoding": "br, gzip" } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-encoding")).toBe("br");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await fetch(`${server.url}/assets/no-such-file.js`)).status).toBe(404);

      const images = readdirSync(path.join(dataDir, "files", "images"));
      expect(images.length).toBeGreaterThan(20);
      const image = await fetch(
        `${server.url}/files/images/${images.find((name) => name.endsWith(".webp"))}`,
      );
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");

      expect((await apiSignIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).status).toBe(200);
      const register = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "kept@school.test", password: "kept-password", name: "Kept" }),
      });
      expect(register.status).toBe(200);
    } finally {
      const exit = await server.stop();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.logs()).toContain('"msg":"stopped"');
    }
  });

  it("restarts on the same data: accounts are kept and sample content is not added twice", async () => {
    const imagesBefore = readdirSync(path.join(dataDir, "files", "images")).length;
    const server = await startServer({ dataDir, env: { ...admin, SAMPLE_CONTENT: "on", LOG_LEVEL: "info" } });
    try {
      expect((await apiSignIn(server, "kept@school.test", "kept-password")).status).toBe(200);
      expect(readdirSync(path.join(dataDir, "files", "images")).length).toBe(imagesBefore);
      expect(server.logs()).not.toContain("sample content seeded");
      expect(server.logs()).toContain('"outcome":"unchanged"');
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
  });

  it("stops with a clear message naming a bad variable", async () => {
    await expect(startServer({ env: { PORT: "eighty" } })).rejects.toThrow(/PORT .*\(got "eighty"\)/);
  });

  it("stops with a message naming the port and PORT when the port is taken", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const started = startServer({ env: { PORT: String(port) } });
      const error = await started.then(
        () => null,
        (refused: Error) => refused,
      );
      expect(error?.message).toContain(
        `Port ${port} on 127.0.0.1 is already in use by another program: stop it, or set PORT to a free port`,
      );
      // The operator's message, not Node's stack trace.
      expect(error?.message).not.toMatch(/at Server\.setupListenHandle|node:net/);
      expect(error?.message).toContain("[harness] server exited (code 1, signal null)");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("runs on PostgreSQL when DATABASE_URL is set", async () => {
    const { url, drop } = await throwawayDatabase("maktab_e2e");
    const server = await startServer({ env: { ...admin, DATABASE_URL: url } });
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: "ready", database: "postgres" });
      expect((await apiSignIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
      await drop();
    }
  });
});
