// The keys our limits are kept under in rate_limits: the rule's name and its parts joined by ":",
// with ":" and "%" escaped inside a part so that two different lists of parts never share a key.
import { describe, expect, it } from "vitest";
import { addressPart, rateLimitKey } from "../../server/domain/rate-limit";

describe("rate limit keys", () => {
  it("joins plain parts as they are", () => {
    expect(rateLimitKey("sign-in", ["203.0.113.66", "admin@school.test"])).toBe(
      "sign-in:203.0.113.66:admin@school.test",
    );
    expect(rateLimitKey("contact", [addressPart({})])).toBe("contact:unknown");
    expect(rateLimitKey("contact", [addressPart({ ip: " 203.0.113.1 " })])).toBe("contact:203.0.113.1");
  });

  it("never gives two lists of parts one key", () => {
    const lists = [
      ["2001:db8::1", "a@b.test"],
      ["2001", "db8::1:a@b.test"],
      ["2001:db8:", ":1:a@b.test"],
      ["2001%3Adb8::1", "a@b.test"],
      ["2001:db8::1:a@b.test"],
      ["2001:db8::1", "a@b.test", ""],
    ];
    const keys = lists.map((parts) => rateLimitKey("sign-in", parts));
    expect(new Set(keys).size).toBe(lists.length);
    // ":" only separates parts.
    expect(keys[0]).toBe("sign-in:2001%3Adb8%3A%3A1:a@b.test");
  });
});
