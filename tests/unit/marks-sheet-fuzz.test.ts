import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { marksSheetHeaders, writeMarksSheet } from "../../server/exam-results/marks-sheet";
import {
  classTen,
  csv,
  fixture,
  header,
  ns,
  read,
  row,
  subject,
  text,
  workbook,
  zipOf,
} from "../fixtures/marks-workbooks";
import { pngOfZeros } from "../fixtures/png-of-zeros";

describe("fuzz: odd cells and files give problems, never a throw", () => {
  const cells = [
    "\u0000",
    "\ud800",
    "x".repeat(10_000),
    "1e3",
    "12.5",
    "-0",
    "০৫",
    "=1+1",
    "\u202e",
    " ",
    '"',
    "A A",
  ];

  it.each(cells.map((c) => [JSON.stringify(c.slice(0, 12)), c]))(
    "%s in each column of a CSV",
    async (_, cell) => {
      for (const column of [0, 1, 2, 3]) {
        const values = ["1", "2", "Ana", "50"];
        values[column] = cell;
        const line = values.map((v) => `"${v.replaceAll('"', '""')}"`).join(",");
        const result = await read(csv(`roll,registration,name,107\n${line}\n`));
        expect(result.rows.length + result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors)
          expect(error).toMatchObject({ row: expect.any(Number), column: expect.any(String) });
      }
    },
  );

  it("reads the score cells as the rules say", async () => {
    const line = (score: string) => csv(`roll,registration,name,107\n1,2,Ana,${score}\n`);
    const message = async (score: string) => (await read(line(score))).errors.map((e) => e.message);
    expect(await message("1e3")).toEqual(["The score must be a whole number of marks, or A for absent."]);
    expect(await message("12.5")).toEqual(["The score must be a whole number."]);
    expect(await message("-0")).toEqual(["The score must not be negative."]);
    expect((await read(line("০৫"))).rows[0]!.scores["107"]).toEqual([5]);
    expect((await read(line("45.0"))).rows[0]!.scores["107"]).toEqual([45]);
    expect(await message("x".repeat(10_000))).toEqual([
      "The score must be a whole number of marks, or A for absent.",
    ]);
  });

  it("names the header as written, cut to 60 characters and without control characters", async () => {
    const { errors } = await read(csv(`roll,registration,name,${"y".repeat(10_000)},a\u0001b\n1,2,Ana,,\n`));
    expect(errors.map((e) => e.column)).toEqual([`${"y".repeat(59)}…`, "ab"]);
  });

  it("refuses a lone surrogate in a name from a workbook", async () => {
    // XLSX spells characters as _xHHHH_; a lone surrogate cannot come through UTF-8 any other way.
    const bytes = workbook(
      header + row(2, text("A2", "1") + text("B2", "2") + text("C2", "Ka_xD800_rim") + text("D2", "5")),
    );
    expect((await read(bytes)).errors).toEqual([
      { row: 2, column: "name", message: "The name holds a broken character; type it again." },
    ]);
  });

  it.each([
    ["an empty file", new Uint8Array(0), /empty/],
    ["a PNG", new Uint8Array(pngOfZeros(64, 64)), /picture/],
    ["a PDF", strToU8("%PDF-1.7\n%âãÏÓ\n1 0 obj"), /PDF/],
    ["a legacy .xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), /\.xls/],
    ["UTF-16 text", new Uint8Array([0xff, 0xfe, 0x72, 0, 0x6f, 0]), /UTF-16/],
    ["Windows-1252 text", new Uint8Array([0x72, 0x6f, 0x6c, 0x6c, 0x0a, 0xe9, 0x0a]), /UTF-8/],
    ["a web page named .xls", strToU8("<html><table><tr><td>roll</td></tr></table></html>"), /web page/],
    [
      "an .ods",
      zipSync({
        mimetype: strToU8("application/vnd.oasis.opendocument.spreadsheet"),
        "content.xml": strToU8("<x/>"),
      }),
      /OpenDocument/,
    ],
    ["a zip of something else", zipSync({ "notes.xml": strToU8("<x/>") }), /not an Excel workbook/],
    [
      "a workbook without sheets",
      zipSync({ "xl/workbook.xml": strToU8(`<workbook ${ns}/>`) }),
      /could not be read/,
    ],
  ])("%s", async (_, bytes, message) => {
    const result = await read(bytes, classTen, "marks.xlsx");
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([{ row: 0, column: "file", message: expect.stringMatching(message) }]);
  });

  it("a truncated workbook, cut anywhere", async () => {
    const whole = fixture("class-ten.xlsx");
    for (const cut of [4, 100, 1000, whole.length / 2, whole.length - 30, whole.length - 1]) {
      const result = await read(whole.subarray(0, Math.floor(cut)));
      expect(result.errors).toEqual([{ row: 0, column: "file", message: expect.any(String) }]);
    }
  });

  it("random bytes after a zip signature", async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed & 0xff;
    };
    for (let i = 0; i < 20; i++) {
      const bytes = new Uint8Array(2000).map(random);
      bytes.set([0x50, 0x4b, 0x03, 0x04]);
      expect((await read(bytes)).errors).toHaveLength(1);
    }
  });

  // Two 40 MB inflations: about 1.5 s alone, more beside the rest of a full run on two cores.
  it("a zip bomb stops at the unpacked cap, whatever sizes it declares", async () => {
    // 64 MB of spaces inflate from about 64 KB; the cap is 40 MB.
    const spaces = Buffer.alloc(64 * 1024 * 1024, 0x20);
    for (const declared of [spaces.length, 100]) {
      const bomb = zipOf("xl/worksheets/sheet1.xml", spaces, declared);
      expect(bomb.length).toBeLessThan(200_000);
      expect((await read(bomb)).errors).toEqual([
        { row: 0, column: "file", message: expect.stringMatching(/more than 40 MB/) },
      ]);
    }
  }, 30_000);

  it("a tiny workbook with a cell at the sheet's far corner is refused before the grid is built", async () => {
    const bytes = workbook(header + row(1048576, text("XFD1048576", "x")));
    expect(bytes.length).toBeLessThan(2000);
    expect((await read(bytes)).errors).toEqual([
      { row: 0, column: "file", message: expect.stringMatching(/beyond row 20,000 or column GR/) },
    ]);
  });
});

describe("a whole school", () => {
  it("reads 2,000 students by 25 columns as XLSX and as CSV, every row", async () => {
    const subjects = [...classTen, subject("147", "Physical Education", [["written", 50]])];
    expect(marksSheetHeaders(subjects)).toHaveLength(25);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      roll: String(i + 1),
      registration: String(2410000000 + i),
      name: `Student ${i + 1} শিক্ষার্থী`,
      scores: Object.fromEntries(subjects.map((s) => [s.code, s.components.map((c, j) => (i + j) % c.full)])),
    }));
    for (const format of ["xlsx", "csv"] as const) {
      const bytes = await writeMarksSheet(format, subjects, rows);
      const started = performance.now();
      const result = await read(bytes, subjects);
      const took = performance.now() - started;
      expect(result.errors).toEqual([]);
      expect(result.rows).toHaveLength(2000);
      console.info(
        `marks sheet: read 2,000 × 25 ${format} (${Math.round(bytes.length / 1024)} KB) in ${Math.round(took)} ms`,
      );
    }
    // Its speed is the bench's to judge (npm run bench), not a timed test's: a busy machine is not a bug.
  }, 60_000);
});
