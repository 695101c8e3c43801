import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contentForms } from "../../app/components/dashboard/content-forms";
import { dictionaries, errorTables, translate, translateError } from "../../app/i18n";
import { bn } from "../../app/i18n/bn";
import { en } from "../../app/i18n/en";
import { collectionsByKind } from "../../app/lib/collections.server";

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

  it("gives every message of the dashboard's add forms in Bangla, with Bengali digits", async () => {
    const untranslated: string[] = [];
    for (const form of Object.values(contentForms)) {
      const schema = (await form.schema()) as z.ZodType;
      const names = form.fields.map((field) => field.name);
      // Each field left empty, then each filled far past any limit, as a person could type it.
      const attempts = [
        Object.fromEntries(names.map((name) => [name, ""])),
        Object.fromEntries(names.map((name) => [name, "x".repeat(60_000)])),
        // A control character, and a value of another type (a client's mistake).
        Object.fromEntries(names.map((name) => [name, "x\u0000"])),
        Object.fromEntries(names.map((name) => [name, 5])),
      ];
      for (const attempt of attempts) {
        const result = schema.safeParse(attempt);
        for (const issue of result.success ? [] : result.error.issues) {
          if (!names.includes(String(issue.path[0]))) continue;
          if (translateError(errorTables.bn, issue.message) === issue.message)
            untranslated.push(issue.message);
        }
      }
    }
    expect(untranslated).toEqual([]);
    expect(translateError(errorTables.bn, "Title must be at most 100 characters")).toBe(
      "শিরোনাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে",
    );
    expect(translateError(errorTables.bn, "Service name is required")).toBe("সেবার নাম দিতে হবে");
    expect(translateError(errorTables.bn, "The image is larger than 5 MB")).toBe("ছবিটি ৫ MB-এর চেয়ে বড়");
    // An unknown label keeps the English message rather than a half translation.
    expect(translateError(errorTables.bn, "Colour is required")).toBe("Colour is required");
  });

  it("gives the server's messages that reach the dashboard's screens in Bangla", () => {
    const bn = (message: string) => translateError(errorTables.bn, message);
    // Every kind's "<Kind> not found" and "Invalid <kind>", by the collections' own names.
    for (const collection of Object.values(collectionsByKind)) {
      expect(bn(`${collection.name} not found`), collection.name).toMatch(/পাওয়া যায়নি$/);
      expect(bn(`Invalid ${collection.name.toLowerCase()}`), collection.name).toMatch(/সঠিক নয়$/);
    }
    expect(bn("Teacher not found")).toBe("শিক্ষককে পাওয়া যায়নি");
    // The upload refusals (server/files/images.ts), every number in Bengali digits.
    expect(bn("The image could not be read: the file is damaged or incomplete")).toBe(
      "ছবিটি পড়া যায়নি: ফাইলটি নষ্ট বা অসম্পূর্ণ",
    );
    expect(bn("The image is 20000 × 20000 pixels; images of up to 40 megapixels are accepted")).toBe(
      "ছবিটি ২০০০০ × ২০০০০ পিক্সেলের; সর্বোচ্চ ৪০ মেগাপিক্সেলের ছবি নেওয়া হয়",
    );
    // The inbox's reply (server/domain/inbox.ts) and the profile (server/domain/profile.ts).
    expect(bn("Invalid message")).toBe("বার্তাটি সঠিক নয়");
    expect(bn("No received message with this id")).toBe("এই আইডির কোনো প্রাপ্ত বার্তা পাওয়া যায়নি");
    expect(bn("The e-mail cannot be changed here")).toBe("ই-মেইল এখানে বদলানো যায় না");
  });
});
