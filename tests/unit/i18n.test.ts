import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { collectionsByKind } from "../../app/components/dashboard/collections.server";
import { contentForms } from "../../app/components/dashboard/content-forms";
import { english, isErrorCode } from "../../common/errors/english";
import { type LabelCode, problem } from "../../common/errors/problem";
import { withKindLabels } from "../../common/kinds/texts";
import { contactInput } from "../../common/schemas/contact";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { dictionaries, errorTextsOf, translate } from "../../i18n";
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { type Problem, renderProblem } from "../../i18n/errors/render-problem";
import { errorTextsEn } from "../../i18n/errors/texts-en";

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

  it("fills placeholders", () => {
    expect(translate(dictionaries.en, "a11y.cartItems", { count: 3 })).toBe("3 items in the cart");
  });
});

describe("error messages, by code (common/errors)", () => {
  // The catalogues' words with the kinds' names, which their definitions hold (common/kinds).
  const banglaTexts = withKindLabels(errorTextsOf.bn, "bn");
  const bn = (found: Problem) => renderProblem(banglaTexts, found);
  const en = (found: Problem) => renderProblem(english, found);

  it("gives every code a Bangla text with the same parameters", () => {
    expect(Object.keys(errorTextsOf.bn.texts).sort()).toEqual(Object.keys(errorTextsEn).sort());
    for (const [key, english] of Object.entries(errorTextsEn)) {
      const bangla = errorTextsOf.bn.texts[key as keyof typeof errorTextsEn];
      expect(bangla.trim(), key).not.toBe("");
      expect(placeholders(bangla), key).toEqual(placeholders(english));
    }
    expect(Object.keys(banglaTexts.labels).sort()).toEqual(Object.keys(english.labels).sort());
  });

  it("keeps a message's Bangla when its English is reworded: only the code counts", () => {
    // What a form receives when the name is left empty: a code and its parameters, no words.
    const parsed = contactInput.safeParse({ name: "", email: "a@b.co", message: "Hello" });
    const found = parsed.success ? undefined : fieldProblemsOf(parsed.error).name;
    expect(found).toEqual({ key: "field.required", params: { label: "name" } });
    if (!found) return;
    expect(en(found)).toBe("Name is required");
    expect(bn(found)).toBe("নাম দিতে হবে");
    // The English reworded (its template and its field's label): the API says the new words,
    // the Bangla page says what it said.
    const reworded = {
      ...english,
      texts: { ...english.texts, "field.required": "Please give your {label}" },
      labels: { ...english.labels, name: "full name" },
    };
    expect(renderProblem(reworded, found)).toBe("Please give your full name");
    expect(bn(found)).toBe("নাম দিতে হবে");
  });

  it("words the parameters in the reader's language: labels, days, Bengali digits", () => {
    expect(bn(problem("field.tooLong", { label: "title", max: 100 }))).toBe(
      "শিরোনাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে",
    );
    expect(bn(problem("upload.imageTooLarge", { size: "5 MB" }))).toBe("ছবিটি ৫ MB-এর চেয়ে বড়");
    const clash = problem("routine.teacherBusy", {
      name: "Rahim",
      other: "Class 6",
      day: "sunday",
      period: 2,
    });
    expect(en(clash)).toBe("Teacher Rahim already teaches Class 6 on Sunday in period 2");
    expect(bn(clash)).toBe("শিক্ষক Rahim রবিবার ২ ঘণ্টায় আগে থেকেই Class 6-এ ক্লাস নেন");
    expect(en(problem("record.invalid", { what: "contactMessage" }))).toBe("Invalid contact message");
  });

  it("gives every message of the dashboard's add forms a code, so in Bangla", async () => {
    const uncoded: string[] = [];
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
        if (result.success) continue;
        for (const [field, found] of Object.entries(fieldProblemsOf(result.error))) {
          if (!names.includes(field.split(".")[0] ?? "")) continue;
          if (!isErrorCode(found.key) || found.key === "input.invalid")
            uncoded.push(`${field}: ${en(found)}`);
          else expect(bn(found).replace(/\([^)]*\)/g, ""), found.key).not.toMatch(/[A-Za-z]{4,}/);
        }
      }
    }
    expect(uncoded).toEqual([]);
  });

  it("names every kind of content in Bangla when one is not found or refused", () => {
    for (const collection of Object.values(collectionsByKind)) {
      const kind = collection.name.toLowerCase() as LabelCode;
      expect(bn(problem("record.notFound", { kind })), collection.name).toMatch(/পাওয়া যায়নি$/);
      expect(bn(problem("record.invalid", { what: kind })), collection.name).toMatch(/সঠিক নয়$/);
    }
  });
});
