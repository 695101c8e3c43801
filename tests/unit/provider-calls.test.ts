// Calls to the OpenID Connect provider when the provider cuts a connection: a GET (the discovery
// document, user info) is sent once more on a new connection, as a browser does with a kept-alive
// connection closed under it; a POST (the token request, whose code works once) never is.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { callProvider, ProviderCallError } from "../../server/auth/provider-calls";

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A provider that cuts the first `cut` requests' connections without an answer, then answers. */
async function cuttingProvider(cut: number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = http.createServer((request, response) => {
    seen += 1;
    if (seen <= cut) {
      request.socket.destroy();
      return;
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ method: request.method }));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/.well-known/openid-configuration`, seen: () => seen };
}

describe("calls to the provider over a cut connection", () => {
  it("answers a GET whose first connection was cut, from a second", async () => {
    const provider = await cuttingProvider(1);
    const answer = await callProvider("discovery document request", provider.url, {}, 5_000);
    expect(answer).toEqual({ method: "GET" });
    expect(provider.seen()).toBe(2);
  });

  it("sends a GET twice at most, then names the provider unreachable", async () => {
    const provider = await cuttingProvider(5);
    const failure = await callProvider("discovery document request", provider.url, {}, 5_000).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect((failure as ProviderCallError).code).toBe("provider_unreachable");
    expect(provider.seen()).toBe(2);
  });

  it("never sends a POST twice", async () => {
    const provider = await cuttingProvider(1);
    const failure = await callProvider(
      "token request",
      provider.url,
      { method: "POST", body: "code=x" },
      5_000,
    ).catch((error: unknown) => error);
    expect((failure as ProviderCallError).code).toBe("provider_unreachable");
    expect(provider.seen()).toBe(1);
  });
});
