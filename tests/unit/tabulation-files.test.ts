// The office's files (server/exam-results/tabulation-files.ts), read back as people's tools read them:
// the PDFs with poppler's pdftotext and pdfinfo, the workbook with read-excel-file and its XML.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bn } from "../../i18n/bn";
import type { Tabulation, TabulationRow } from "../../server/domain/exam-reports";
import { meritListPdf, tabulationPdf, tabulationXlsx } from "../../server/exam-results/tabulation-files";

const run = promisify(execFile);
const nfc = (text: string) => text.normalize("NFC");

const banglaNames = ["মোছাঃ ফাতেমা আক্তার", "মোঃ আব্দুল্লাহ আল মামুন", "শাহরিয়ার হোসেন রাফি"];
const englishNames = ["Ayesha Siddika", "Rahim Uddin", "Nusrat Jahan"];

const subjects = [
  { code: "101", name: "Bangla First Paper", optional: false, full: 100 },
  { code: "102", name: "বাংলা দ্বিতীয় পত্র", optional: false, full: 100 },
  { code: "107", name: "English First Paper", optional: false, full: 100 },
  { code: "109", name: "Mathematics", optional: false, full: 100 },
  { code: "136", name: "Physics", optional: false, full: 100 },
  { code: "137", name: "Chemistry", optional: false, full: 100 },
  { code: "138", name: "Biology", optional: false, full: 100 },
  { code: "111", name: "Islam and Moral Education", optional: false, full: 100 },
  { code: "154", name: "Information and Communication Technology", optional: false, full: 50 },
  { code: "126", name: "Higher Mathematics", optional: true, full: 100 },
];

/** Student n (1 to 60): marks that differ by student and subject; every seventh fails Physics. */
function student(n: number): TabulationRow {
  const name = n % 2 === 0 ? banglaNames[n % 3]! : englishNames[n % 3]!;
  const failed = n % 7 === 0;
  const cells = subjects.map((subject, index) => {
    const marks = Math.min(subject.full, 40 + ((n * 3 + index * 7) % 55));
    const physicsFails = failed && subject.code === "136";
    return {
      code: subject.code,
      marks: physicsFails ? 20 : marks,
      grade: physicsFails ? "F" : "A",
      failed: physicsFails,
      absent: false,
    };
  });
  return {
    roll: String(n),
    registration: String(2026100000 + n),
    name: `${name} ${n}`,
    section: null,
    subjects: cells,
    totalMarks: cells.reduce((sum, cell) => sum + cell.marks, 0),
    gpa: failed ? 0 : 4.25,
    grade: failed ? "F" : "A",
    result: failed ? "fail" : "pass",
    // Merit (made up, but whole): the 52 passed in reverse roll order, then the 8 failed by roll.
    position: failed ? null : 60 - n - (8 - Math.floor(n / 7)) + 1,
    absent: false,
  };
}

function tabulation(count = 60): Tabulation {
  return {
    exam: {
      id: "e1",
      name: "Annual Examination",
      session: "2026",
      class: "Class Ten",
      scheme: "national",
      published: true,
      figuresPublic: false,
    },
    subjects,
    students: Array.from({ length: count }, (_, index) => student(index + 1)),
  };
}

const institute = "Motijheel Ideal School";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "tabulation-files-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function saved(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return file;
}

/** pdftotext's layout, one string per page. */
async function pages(file: string): Promise<string[]> {
  const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  return nfc(stdout)
    .split("\f")
    .filter((page) => page.trim());
}

/** The bytes as the ArrayBuffer read-excel-file takes. */
const arrayBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

async function info(file: string): Promise<string> {
  return (await run("pdfinfo", [file])).stdout;
}

describe("the tabulation sheet as PDF", () => {
  it("lies on A4 landscape pages, each with the heading, the header and its page number", async () => {
    const file = await saved(await tabulationPdf(tabulation(), "en", institute), "tabulation-en.pdf");
    expect(await info(file)).toMatch(/^Page size:\s+841\.89 x 595\.28 pts \(A4\)$/m);
    const text = await pages(file);
    expect(text.length).toBeGreaterThan(1);
    expect(await info(file)).toMatch(new RegExp(`^Pages:\\s+${text.length}$`, "m"));
    for (const [index, page] of text.entries()) {
      expect(page).toContain(institute);
      expect(page).toContain("Annual Examination 2026, Class Ten");
      expect(page).toContain("Tabulation sheet");
      expect(page).toMatch(/Roll\s+Name\s+101\s+102/);
      expect(page).toContain(`Page ${index + 1} of ${text.length}`);
    }
    // Every student once, by roll: roll 1 on the first page, roll 60 on the last.
    const all = text.join("\n");
    for (let n = 1; n <= 60; n++) expect(all, `roll ${n}`).toContain(nfc(student(n).name));
    expect(text[0]).toContain(englishNames[1]);
    expect(text.at(-1)).toContain(nfc(student(60).name));
  });

  it("gives each student's row: the marks over the grades, the total, GPA, result and position", async () => {
    const text = (
      await pages(await saved(await tabulationPdf(tabulation(), "en", institute), "rows.pdf"))
    ).join("\n");
    const one = student(1);
    const marks = one.subjects.map((cell) => String(cell.marks)).join("\\s+");
    // Roll 1's line carries its marks; the grades sit on the line under it.
    expect(text).toMatch(
      new RegExp(`1\\s+${one.name}\\s+${marks}\\s+${one.totalMarks}\\s+4\\.25\\s+A\\s+Passed\\s+52`),
    );
    const seven = student(7);
    expect(text).toMatch(
      new RegExp(`7\\s+${seven.name}\\s+.*${seven.totalMarks}\\s+0\\.00\\s+F\\s+Failed\\s+–`),
    );
  });

  it("reads back Bangla names and headings as typed, with Bengali digits", async () => {
    const file = await saved(
      await tabulationPdf(tabulation(), "bn", "মতিঝিল আইডিয়াল স্কুল"),
      "tabulation-bn.pdf",
    );
    const text = await pages(file);
    const all = text.join("\n");
    for (const name of banglaNames) expect(all).toContain(nfc(name));
    expect(all).toContain(nfc("মতিঝিল আইডিয়াল স্কুল"));
    expect(all).toContain(nfc("বাংলা দ্বিতীয়"));
    expect(text[0]).toContain(nfc(bn["examReports.tabulation.title"]));
    expect(text[0]).toContain(nfc(`পৃষ্ঠা ১ / ${new Intl.NumberFormat("bn-BD").format(text.length)}`));
    // Roll 2 is a Bangla name: its row in Bengali digits.
    expect(all).toMatch(new RegExp(`(^|\\s)২\\s+${nfc(student(2).name)}`, "m"));
    expect(all).toContain(nfc(`${banglaNames[2]} 2`));
    expect(all).toContain("৪.২৫");
    expect(all).not.toContain("4.25");
  });

  it("fits twenty subjects across the page", async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      ...subjects[index % subjects.length]!,
      code: String(201 + index),
    }));
    const sheet = tabulation(8);
    sheet.subjects = many;
    for (const row of sheet.students) {
      row.subjects = many.map((subject) => ({
        code: subject.code,
        marks: 88,
        grade: "A+",
        failed: false,
        absent: false,
      }));
    }
    const file = await saved(await tabulationPdf(sheet, "en", institute), "twenty.pdf");
    const { stdout } = await run("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"]);
    const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/g)].map(
      ([, min, max]) => ({
        min: Number(min),
        max: Number(max),
      }),
    );
    expect(words.length).toBeGreaterThan(100);
    for (const word of words) {
      expect(word.min).toBeGreaterThanOrEqual(28);
      // (A hundredth over: the page number ends exactly at the margin.)
      expect(word.max).toBeLessThanOrEqual(841.89 - 28 + 0.01);
    }
    expect(stdout).toContain(">220<");
  });
});

describe("the merit list as PDF", () => {
  it("stands on A4 portrait pages, the students in the order given, position first", async () => {
    const list = tabulation();
    list.students.sort(
      (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER),
    );
    const file = await saved(await meritListPdf(list, "en", institute), "merit.pdf");
    expect(await info(file)).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    const text = await pages(file);
    for (const page of text) expect(page).toMatch(/Position\s+Roll\s+Name\s+Total\s+GPA\s+Grade\s+Result/);
    const all = text.join("\n");
    // Where each name stands ("Rahim Uddin 1" is not the start of "Rahim Uddin 13").
    const at = list.students.map((row) => new RegExp(`${nfc(row.name)}(?!\\d)`).exec(all)?.index ?? -1);
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Roll 60 (position 1) leads; the failed (roll 7 first), with no position, close the list.
    expect(all).toMatch(new RegExp(`1\\s+60\\s+${nfc(student(60).name)}`));
    expect(all).toMatch(new RegExp(`–\\s+7\\s+${nfc(student(7).name)}\\s+\\d+\\s+0\\.00\\s+F\\s+Failed`));
  });
});

describe("the tabulation sheet as XLSX", () => {
  it("has the heading, a two-row header and one row per student, as numbers where they are", async () => {
    const bytes = await tabulationXlsx(tabulation(), "en", institute);
    const rows = await readSheet(arrayBuffer(bytes));
    expect(rows[0]![0]).toBe(`${institute}: Tabulation sheet`);
    expect(rows[1]![0]).toBe("Annual Examination 2026, Class Ten");
    expect(rows[2]!.slice(0, 6)).toEqual([
      "Roll",
      "Registration no.",
      "Name",
      "101 Bangla First Paper",
      null,
      "102 বাংলা দ্বিতীয় পত্র",
    ]);
    expect(rows[2]!.slice(-5)).toEqual(["Total", "GPA", "Grade", "Result", "Position"]);
    expect(rows[3]!.slice(0, 7)).toEqual([null, null, null, "Marks", "Grade", "Marks", "Grade"]);
    expect(rows).toHaveLength(4 + 60);
    const two = student(2);
    expect(rows[5]).toEqual([
      "2",
      "2026100002",
      two.name,
      ...two.subjects.flatMap((cell) => [cell.marks, cell.grade]),
      two.totalMarks,
      4.25,
      "A",
      "Passed",
      51,
    ]);
    expect(rows[4 + 6]!.at(-2)).toBe("Failed");
  });

  it("keeps the header and the roll and name in view (frozen), and writes Bangla labels in Bangla", async () => {
    const sheet = tabulation(3);
    sheet.students[0]!.subjects[0] = {
      ...sheet.students[0]!.subjects[0]!,
      absent: true,
      marks: 0,
      grade: "F",
    };
    sheet.students[1]!.name = "Name _x0041_ as typed";
    const bytes = await tabulationXlsx(sheet, "bn", institute);
    const xml = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]!);
    expect(xml).toMatch(
      /<pane [^>]*xSplit="3"[^>]*ySplit="4"[^>]*state="frozen"|<pane [^>]*ySplit="4"[^>]*xSplit="3"/,
    );
    const rows = await readSheet(arrayBuffer(bytes));
    expect(rows[2]!.slice(0, 3)).toEqual(["রোল", "রেজিস্ট্রেশন নম্বর", "নাম"]);
    expect(rows[4]![3]).toBe("অনুপ");
    expect(rows[5]![2]).toBe("Name _x0041_ as typed");
    expect(rows[4]!.at(-2)).toBe("উত্তীর্ণ");
  });
});
