// The one rule for a Bangladeshi mobile number (common/phone-number.ts), as the office and
// families write them (issue 40 item 10: "01711223344" and "+৮৮০১৮১৯৫৫৬৬৭৭" were refused).
import { describe, expect, it } from "vitest";
import { bangladeshiMobileOf } from "../../common/phone-number";
import { phoneNumber } from "../../common/schemas/account-security";
import { guardianPhone } from "../../common/schemas/register";

const written = [
  ["01711223344", "+8801711223344"],
  ["+৮৮০১৮১৯৫৫৬৬৭৭", "+8801819556677"],
  ["০১৯১২৩৪৫৬৭৮", "+8801912345678"],
  ["8801712345678", "+8801712345678"],
  ["+880 1712-345678", "+8801712345678"],
  ["(+880) 1712.345678", "+8801712345678"],
  ["00880 1512 345678", "+8801512345678"],
  [" 01311-000000 ", "+8801311000000"],
] as const;

describe("a Bangladeshi mobile number", () => {
  it.each(written)("reads %s as %s, in every form that takes one", (text, stored) => {
    expect(bangladeshiMobileOf(text)).toBe(stored);
    expect(phoneNumber.parse(text)).toBe(stored);
    expect(guardianPhone.parse(text)).toBe(stored);
  });

  it.each(["01211223344", "0171122334", "017112233445", "+4407911123456", "phone", "০১৭১১২২৩৩৪"])(
    "refuses %s, saying it is not a mobile number",
    (text) => {
      expect(bangladeshiMobileOf(text)).toBeNull();
      const account = phoneNumber.safeParse(text);
      expect(account.success).toBe(false);
      expect(JSON.stringify(account.error?.issues)).toContain("phone.format");
      expect(guardianPhone.safeParse(text).success).toBe(false);
    },
  );
});
