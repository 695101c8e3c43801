// The client's address for rate limits: from the socket, or from X-Forwarded-For when the
// operator says a proxy sets it. A client cannot choose its own address by sending a header.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { ClientAddress } from "../domain/rate-limit";
import { clientIpHeader } from "./auth";

/** The client as limits kept per address see it (server/domain/rate-limit.ts). */
export function clientAddressOf(
  c: Context,
  config: { trustProxy: boolean; addressLimitMultiplier: number },
): ClientAddress {
  return { ip: clientIp(c, config.trustProxy), limitMultiplier: config.addressLimitMultiplier };
}

export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not served from a socket (in-process tests)
  }
}

/** The request's headers with our client address header set (and any sent by the client dropped). */
export function withClientIp(headers: Headers, ip: string | undefined): Headers {
  const copy = new Headers(headers);
  copy.delete(clientIpHeader);
  if (ip) copy.set(clientIpHeader, ip);
  return copy;
}
