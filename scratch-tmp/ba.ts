import { z } from "zod";
import { loadConfig } from "/work/wt/input/server/config";
import { createAuth } from "/work/wt/input/server/auth/auth";
import pino from "pino";
import { openDatabase } from "/work/wt/input/server/db/client";
const auth: any = createAuth({ db: {} as any, config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x/d", PUBLIC_URL: "http://localhost:3000", BETTER_AUTH_SECRET: "x".repeat(64) }), logger: pino({level:"silent"}), mail: {} as any, sms: {} as any });
for (const [name, ep] of Object.entries<any>(auth.api)) {
  const body = ep.options?.body;
  let keys = "-";
  if (body) { try { const js: any = z.toJSONSchema(body, { io: "input", unrepresentable: "any" }); keys = JSON.stringify(Object.keys(js.properties ?? {})) + (js.additionalProperties === false ? " strict" : js.additionalProperties ? " extra" : ""); } catch (e) { keys = "ERR " + (e as Error).message.slice(0,60); } }
  console.log(ep.options?.method, ep.path, keys);
}
