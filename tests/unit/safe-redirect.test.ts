import { describe, expect, it } from "vitest";
import { loginPath, safeRedirect } from "../../app/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/ALLteacher", "/about/42?tab=1", "/DeashBoard/AddAdmin"])(
    "keeps a path on this site: %s",
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\tevil",
    "javascript:alert(1)",
    "",
    null,
    undefined,
  ])("falls back for %s", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  // A Location header holds bytes up to 0xFF only: a path with other characters made the
  // sign-in's redirect throw (a 500 after the session was made).
  it("percent-encodes characters beyond Latin-1, so the path fits a Location header", () => {
    const to = safeRedirect("/blog/ব্লগ?q=\u0100€");
    expect(to).toBe(`/blog/${encodeURIComponent("ব্লগ")}?q=${encodeURIComponent("\u0100€")}`);
    expect(() => new Headers({ location: to })).not.toThrow();
    expect(safeRedirect("/blog/%E0%A6%AC")).toBe("/blog/%E0%A6%AC");
  });

  it.each(["/a\u0000b", "/a\u007fb", "/a\u0085b", "/x\ud800"])(
    "falls back for control characters and lone surrogates",
    (to) => {
      expect(safeRedirect(to)).toBe("/");
    },
  );

  it("builds the login path that comes back", () => {
    expect(loginPath("/ALLteacher")).toBe("/login?redirectTo=%2FALLteacher");
    expect(loginPath("/")).toBe("/login");
  });
});
