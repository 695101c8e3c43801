import { describe, expect, it } from "vitest";
import { isCrossSite } from "../../server/middleware/same-origin";

const site = "https://school.example";
const req = (method: string, headers: Record<string, string>) =>
  new Request(`${site}/api/User/updated`, { method, headers });

describe("cross-site request guard", () => {
  it("lets reads through from anywhere", () => {
    expect(isCrossSite(req("GET", { origin: "https://evil.example", cookie: "a=b" }), [site])).toBe(false);
  });

  it("accepts our own origin and same-origin fetch metadata", () => {
    expect(isCrossSite(req("POST", { origin: site, cookie: "a=b" }), [site])).toBe(false);
    expect(isCrossSite(req("POST", { "sec-fetch-site": "same-origin", cookie: "a=b" }), [site])).toBe(false);
  });

  it("refuses another origin, or a browser that says cross-site", () => {
    expect(isCrossSite(req("POST", { origin: "https://evil.example", cookie: "a=b" }), [site])).toBe(true);
    expect(isCrossSite(req("DELETE", { "sec-fetch-site": "cross-site", cookie: "a=b" }), [site])).toBe(true);
    expect(
      isCrossSite(req("PUT", { "sec-fetch-site": "same-site", origin: "https://x.school.example" }), [site]),
    ).toBe(true);
  });

  it("leaves bearer-token calls without cookies alone", () => {
    expect(
      isCrossSite(req("PUT", { origin: "https://app.example", authorization: "Bearer abc" }), [site]),
    ).toBe(false);
    expect(
      isCrossSite(req("PUT", { origin: "https://app.example", authorization: "Bearer abc", cookie: "a=b" }), [
        site,
      ]),
    ).toBe(true);
  });

  it("lets a non-browser client without Origin or fetch metadata through", () => {
    expect(isCrossSite(req("POST", { cookie: "a=b" }), [site])).toBe(false);
  });

  it("lets a browser app on a trusted origin call without a cookie, never with one", () => {
    const app = "https://app.school.example";
    expect(isCrossSite(req("POST", { origin: app, "sec-fetch-site": "cross-site" }), [site], [app])).toBe(
      false,
    );
    expect(isCrossSite(req("POST", { origin: app, cookie: "a=b" }), [site], [app])).toBe(true);
    expect(isCrossSite(req("POST", { origin: "https://evil.example" }), [site], [app])).toBe(true);
  });
});
