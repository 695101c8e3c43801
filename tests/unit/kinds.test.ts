// The registry of kinds (common/kinds, server/domain/kinds.ts): the pieces made from it, and
// the type check that refuses a kind with a piece missing (the @ts-expect-error lines fail
// `tsc --noEmit` the day the check stops refusing).
import { describe, expect, it } from "vitest";
import { contentForms, kindOfPath } from "../../app/components/dashboard/content-forms";
import { listKinds } from "../../app/components/dashboard/content-kinds";
import { formKindTexts, kindTexts } from "../../app/components/dashboard/kind-texts";
import { deleteKinds } from "../../app/components/delete-question";
import { deleteTexts } from "../../app/lib/kind-texts";
import { auditSubjects } from "../../common/audit";
import { type KindName, kindNames, kinds } from "../../common/kinds";
import { defineKind } from "../../common/kinds/define";
import { events } from "../../server/db/schema";
import { serverKind } from "../../server/domain/content/server-kind";
import { type ServerKind, serverKinds, tablesWithImages } from "../../server/domain/kinds";
import { overviewKinds } from "../../server/domain/overview";

describe("the kinds of content", () => {
  it("makes the dashboard's lists, forms, audit subjects, counts and delete questions from one list", () => {
    expect(listKinds).toEqual(kindNames.filter((kind) => kinds[kind].addPath !== null));
    expect(Object.keys(contentForms)).toEqual(listKinds);
    expect(overviewKinds).toEqual(kindNames);
    expect(deleteKinds).toEqual(kindNames);
    for (const kind of kindNames) expect(auditSubjects).toContain(kinds[kind].one);
    expect(kindOfPath("/DeashBoard/noticeADD")).toBe("notices");
    expect(kindOfPath("/deashboard/ADDADMITION/")).toBe("admissions");
    expect(kindOfPath("/DeashBoard/nothing")).toBeUndefined();
  });

  it("checks a file against every table that can show it", () => {
    const withImage = kindNames.filter((kind) => kinds[kind].image !== "none");
    // And the kinds' other tables of images (an album's photos).
    const others = kindNames.flatMap(
      (kind) => (serverKinds as Record<KindName, ServerKind>)[kind].imageTables ?? [],
    );
    expect(others).toHaveLength(1);
    expect(tablesWithImages).toHaveLength(withImage.length + others.length);
  });

  it("has every kind's texts in English and Bangla", () => {
    for (const kind of kindNames) {
      const keys = [
        ...Object.values(kindTexts(kind)),
        ...Object.values(deleteTexts(kind)),
        ...(listKinds.includes(kind as never) ? Object.values(formKindTexts(kind as never)) : []),
      ];
      // Written in the kind's definition (common/kinds/<kind>.ts), in both languages.
      for (const text of keys) {
        expect(text.en, kind).toBeTruthy();
        expect(text.bn, kind).toBeTruthy();
      }
    }
  });

  it("refuses, in the type check, a kind without its server part", () => {
    const { notices: _left, ...withoutNotices } = serverKinds;
    // @ts-expect-error notices has no server part
    const partial: Record<KindName, ServerKind> = withoutNotices;
    expect(Object.keys(partial)).not.toContain("notices");
    // @ts-expect-error a kind's texts are found by its name: an unknown kind has none
    const unknownKind = () => kindTexts("gallery");
    expect(unknownKind).toBeTypeOf("function");
    const withoutBangla = () =>
      defineKind({
        ...kinds.services,
        // @ts-expect-error a kind's texts are written in English and Bangla (common/kinds/<kind>.ts)
        texts: { ...kinds.services.texts, menu: { en: "Services" } },
      });
    expect(withoutBangla).toBeTypeOf("function");
  });

  it("refuses, in the type check, a file kind whose table has no file columns", () => {
    const definition = () =>
      serverKind({
        kind: "events",
        table: events,
        // @ts-expect-error events has no fileKey, fileName, fileSize and fileType columns
        document: true,
      });
    expect(definition).toBeTypeOf("function");
  });

  it("gives a file field to the forms of exactly the kinds whose records are a file", () => {
    const withFileField = kindNames.filter((kind) =>
      (kinds[kind].fields as readonly { widget?: string }[]).some((field) => field.widget === "file"),
    );
    const documentKinds = kindNames.filter((kind) => serverKinds[kind].collection.document);
    expect(withFileField).toEqual(documentKinds);
    expect(documentKinds).toEqual(["downloads"]);
  });
});
