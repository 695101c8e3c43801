import { describe, expect, it } from "vitest";
import { dictionaries, errorTables, translate, translateError } from "../../app/i18n";
import { bn } from "../../app/i18n/bn";
import { en } from "../../app/i18n/en";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it("gives every English text a Bangla text with the same placeholders", () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(bn[key].trim(), key).not.toBe("");
      expect(placeholders(bn[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("keeps the specification's texts verbatim in English", () => {
    expect(en["register.mismatch"]).toBe("Your password did not match");
    expect(en["register.success"]).toBe("User Created successfully!");
    expect(en["login.success"]).toBe("Login successfully!");
    expect(en["addAdmin.success"]).toBe("Admin add successfully");
    expect(en["header.logout"]).toBe("LogOut");
  });

  it("fills placeholders and translates server messages where it can", () => {
    expect(translate(dictionaries.en, "a11y.cartItems", { count: 3 })).toBe("3 items in the cart");
    expect(translateError(errorTables.bn, "Your password did not match")).toBe(bn["register.mismatch"]);
    expect(translateError(errorTables.bn, "No account with the e-mail a@b.c")).toContain("a@b.c");
    expect(translateError(errorTables.en, "Anything")).toBe("Anything");
    expect(translateError(errorTables.bn, "A message we have no Bangla for")).toBe(
      "A message we have no Bangla for",
    );
  });
});
