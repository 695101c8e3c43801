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

  it("builds the login path that comes back", () => {
    expect(loginPath("/ALLteacher")).toBe("/login?redirectTo=%2FALLteacher");
    expect(loginPath("/")).toBe("/login");
  });
});
