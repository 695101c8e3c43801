// The process's logger: pino's JSON lines. Errors go through errorForLog (server/log-safety.ts)
// under `err` or `error`; fields that hold secrets by their name are redacted; and, last, every
// line is scrubbed of the shapes a secret travels in, whatever field a caller put it in.
import pino, { type DestinationStream } from "pino";
import { errorForLog, scrubLine, scrubText } from "./log-safety";

// Keys whose value is a secret, at the top of a line and one level down (pino's paths).
const secretKeys = [
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "cookie",
  "authorization",
  "secret",
  "clientSecret",
  "apiKey",
  "otp",
  "params",
  "parameters",
];
const redactPaths = [
  ...secretKeys,
  ...secretKeys.map((key) => `*.${key}`),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

export const createLogger = (level: string, destination?: DestinationStream) =>
  pino(
    {
      level,
      base: { service: "maktab" },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorForLog, error: errorForLog },
      redact: { paths: redactPaths, censor: "[redacted]" },
      hooks: {
        // The line's message: a caller may have put an error's message in it.
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
        streamWrite: scrubLine,
      },
    },
    destination,
  );
