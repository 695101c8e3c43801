import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  marksSheetHeaders,
  marksSheetLimits,
  type SheetRowInput,
  writeMarksSheet,
} from "../../server/exam-results/marks-sheet";
import {
  classTen,
  csv,
  fixture,
  header,
  ns,
  read,
  row,
  scores,
  subject,
  text,
  workbook,
} from "../fixtures/marks-workbooks";

describe("writing and reading back", () => {
  const rows: SheetRowInput[] = [
    {
      roll: "1",
      registration: "2410123007",
      name: "Md. Rakibul Hasan",
      scores: scores(classTen, { "101": [55, 19], "107": [83], "136": [21, null, 12], "154": [22, 18] }),
    },
    {
      roll: "007",
      registration: "00123456789012345678",
      name: "নুসরাত জাহান",
      scores: scores(classTen, { "101": [0, 30], "108": [null], "138": [null, null, null] }),
    },
    // Commas, quotes and a would-be formula in names, and an XLSX escape typed for real.
    {
      roll: "12",
      registration: "3",
      name: 'Hasan, "Rony" Ahmed',
      scores: scores(classTen, { "109": [70, 0] }),
    },
    { roll: "13", registration: "4", name: '=HYPERLINK("http://x","y")', scores: scores(classTen) },
    { roll: "14", registration: "5", name: "-Mim", scores: scores(classTen) },
    {
      roll: "15",
      registration: "6",
      name: "O'Brien _x0041_",
      scores: scores(classTen, { "137": [50, 25, 25] }),
    },
  ];
  const expected = rows.map((r, i) => ({ line: i + 2, ...r }));

  it("gives the header the reader expects: code and component", () => {
    expect(marksSheetHeaders(classTen.slice(0, 3))).toEqual([
      "roll",
      "registration",
      "name",
      "101 written",
      "101 mcq",
      "102 written",
      "102 mcq",
      "107 written",
    ]);
  });

  it.each(["csv", "xlsx"] as const)("%s: write then read gives the same rows", async (format) => {
    const bytes = await writeMarksSheet(format, classTen, rows);
    expect(await read(bytes, classTen, `marks.${format}`)).toEqual({ rows: expected, errors: [] });
  });

  it("csv: a BOM for Excel, CRLF lines, quoted fields, formulas disarmed with an apostrophe", async () => {
    const bytes = await writeMarksSheet("csv", classTen, rows);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split("\r\n");
    expect(lines[0]).toBe(marksSheetHeaders(classTen).join(","));
    expect(lines[1]).toBe("1,2410123007,Md. Rakibul Hasan,55,19,,,83,,,,,,21,A,12,,,,,,,22,18");
    expect(lines[3]).toMatch(/^12,3,"Hasan, ""Rony"" Ahmed",/);
    expect(lines[4]).toMatch(/^13,4,"'=HYPERLINK\(""http:\/\/x"",""y""\)",/);
    expect(lines[5]).toMatch(/^14,5,'-Mim,/);
    expect(lines.at(-1)).toBe("");
  });

  it("xlsx: a bold header row, frozen, with column widths; numbers as numbers, roll numbers as text", async () => {
    const parts = unzipSync(await writeMarksSheet("xlsx", classTen, rows));
    const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(sheet).toMatch(/<col min="3" max="3" width="32"/);
    expect(strFromU8(parts["xl/styles.xml"]!)).toContain("<b/>");
    // Row 2: roll "1" as a (shared) string, 55 as a number.
    expect(sheet).toMatch(/<c r="A2"[^>]* t="s"><v>\d+<\/v><\/c>/);
    expect(sheet).toContain('<c r="D2"><v>55</v></c>');
  });
});

describe("a CSV a person made", () => {
  it("reads a BOM, semicolons, quotes, CRLF, Bangla digits and names, and absences", async () => {
    const sheet = [
      "Roll;Reg. No.;Name;101 Written;101 MCQ;English 1st Paper;ICT mcq;ICT practical",
      '০১;২৪১০০০১;"রহিম উদ্দিন";৬৫;২৮;"88";অনুপস্থিত;',
      '2;2410002;"Das; Priya ""Mou""";45 ; 12;Ab;"20";0',
      ";;;;;;;",
      '"3";2410003;" Fatema  Begum ";A;absent;100;;',
      "",
    ].join("\r\n");
    expect(await read(csv(sheet, true))).toEqual({
      errors: [],
      rows: [
        {
          line: 2,
          roll: "01",
          registration: "2410001",
          name: "রহিম উদ্দিন",
          scores: scores(classTen, { "101": [65, 28], "107": [88], "154": [null, undefined] }),
        },
        {
          line: 3,
          roll: "2",
          registration: "2410002",
          name: 'Das; Priya "Mou"',
          scores: scores(classTen, { "101": [45, 12], "107": [null], "154": [20, 0] }),
        },
        // Row 4 is empty and skipped; the row numbers stay the spreadsheet's.
        {
          line: 5,
          roll: "3",
          registration: "2410003",
          name: "Fatema  Begum",
          scores: scores(classTen, { "101": [null, null], "107": [100] }),
        },
      ],
    });
  });

  it("reads commas, tabs, LF or CR alone, a line break inside quotes, and Excel's sep= line", async () => {
    const expected = {
      line: 2,
      roll: "4",
      registration: "9",
      name: "Karim Ullah",
      scores: scores(classTen, { "107": [50] }),
    };
    const sheets = [
      "roll,registration,name,107\n4,9,Karim Ullah,50\n",
      "roll\tregistration\tname\t107\r4\t9\tKarim Ullah\t50",
      "roll,registration,name,107\r4,9,Karim Ullah,50\r",
      "sep=;\r\nroll;registration;name;107\r\n4;9;Karim Ullah;50\r\n",
    ];
    for (const sheet of sheets) expect(await read(csv(sheet))).toEqual({ errors: [], rows: [expected] });
    const quotedBreak = await read(csv('roll,registration,name,107\n4,9,"Karim\nUllah",50\n5,8,Nur,1\n'));
    // The quoted line break stays inside row 2 (refused as a control character); the next record
    // is row 3, as a spreadsheet program shows it.
    expect(quotedBreak.errors).toEqual([
      { row: 2, column: "name", message: "The name must not contain control characters." },
    ]);
    expect(quotedBreak.rows.map((r) => r.line)).toEqual([3]);
  });

  it("accepts subject names for codes, any case and spacing, CQ for written, and code alone for one component", async () => {
    const sheet =
      "ROLL NO,registration,student name,bangla 1st paper  cq,BANGLA1STPAPER mcq,108,english 1st paper,Biology (Practical)\n1,2,Ana,60,20,70,80,25\n";
    const { rows, errors } = await read(csv(sheet));
    expect(errors).toEqual([]);
    expect(rows[0]!.scores).toEqual(
      scores(classTen, { "101": [60, 20], "107": [80], "108": [70], "138": [undefined, undefined, 25] }),
    );
  });

  it("refuses a header that fits two subjects, and one that needs its component", async () => {
    const subjects = [
      subject("PHY", "Physics", [["written", 100]]),
      subject("Physics", "Physics Extra", [["written", 100]]),
    ];
    const ambiguous = await read(csv("roll,registration,name,physics\n1,2,Ana,5\n"), subjects);
    expect(ambiguous.errors).toEqual([
      { row: 1, column: "physics", message: expect.stringContaining("fits more than one column") },
    ]);
    const needsPart = await read(csv("roll,registration,name,101\n1,2,Ana,5\n"));
    expect(needsPart.errors).toEqual([
      { row: 1, column: "101", message: expect.stringContaining("Unknown column") },
    ]);
    const noSuchPart = await read(csv("roll,registration,name,101 practical,ict written\n1,2,Ana,5,6\n"));
    expect(noSuchPart.errors).toEqual([
      {
        row: 1,
        column: "101 practical",
        message: "101 Bangla 1st Paper has no practical part in this exam.",
      },
      { row: 1, column: "ict written", message: "154 ICT has no written part in this exam." },
    ]);
  });
});

describe("a workbook LibreOffice wrote (tests/fixtures/marks/class-ten.xlsx)", () => {
  it("reads all 60 students with no problems, as its CSV reads", async () => {
    const fromXlsx = await read(fixture("class-ten.xlsx"), classTen, "class-ten.xlsx");
    expect(fromXlsx.errors).toEqual([]);
    expect(fromXlsx.rows).toHaveLength(60);
    expect(fromXlsx).toEqual(await read(fixture("class-ten.csv"), classTen, "class-ten.csv"));
  });

  it("has the cells the CSV shows, checked by hand", async () => {
    const { rows } = await read(fixture("class-ten.xlsx"));
    const byRoll = (roll: string) => rows.find((r) => r.roll === roll)!;
    // 1,2410123007,Rifat Hasan Shuvo,55,19,64,19,83,97,29,27,26,18,21,12,12,27,19,20,39,23,12,22,18
    expect(byRoll("1")).toEqual({
      line: 2,
      roll: "1",
      registration: "2410123007",
      name: "Rifat Hasan Shuvo",
      scores: {
        "101": [55, 19],
        "102": [64, 19],
        "107": [83],
        "108": [97],
        "109": [29, 27],
        "111": [26, 18],
        "136": [21, 12, 12],
        "137": [27, 19, 20],
        "138": [39, 23, 12],
        "154": [22, 18],
      },
    });
    // Roll 2: "47" (102 written), "46" and "17" (138) were quoted, so stored as text.
    expect(byRoll("2").scores["102"]).toEqual([47, 22]);
    expect(byRoll("2").scores["138"]).toEqual([46, 9, 17]);
    expect(byRoll("2").scores["154"]).toEqual([24, 12]);
    // Roll 3: অনুপস্থিত for 138 written.
    expect(byRoll("3").scores["138"]).toEqual([null, 16, 20]);
    // Roll 7: a Bangla name; "28" as text, A for 111 written.
    expect(byRoll("7").name).toBe("নুসরাত জাহান");
    expect(byRoll("7").scores["109"]).toEqual([45, 28]);
    expect(byRoll("7").scores["111"]).toEqual([null, 16]);
    // Roll 11: 107 left empty (not entered), Absent for 138 practical.
    expect(byRoll("11").scores["107"]).toEqual([undefined]);
    expect(byRoll("11").scores["138"]).toEqual([31, 17, null]);
    // Roll 27: Ab and অনুপস্থিত side by side.
    expect(byRoll("27").scores["102"]).toEqual([61, null]);
    expect(byRoll("27").scores["107"]).toEqual([null]);
    expect(byRoll("60").line).toBe(61);
  });
});

describe("workbook cells as other programs store them", () => {
  it("reads formulas by their cached values, numbers stored as text, shared strings, and skips empty rows", async () => {
    const bytes = workbook(
      header +
        row(
          2,
          `${text("A2", "1")}<c r="B2"><v>2410001</v></c>${text("C2", "Rina")}<c r="D2"><f>40+5</f><v>45</v></c>`,
        ) +
        row(3, "") +
        row(
          4,
          `<c r="A4"><v>2</v></c><c r="B4"><v>2410002</v></c><c r="C4" t="s"><v>0</v></c><c r="D4" t="str"><f>IF(1,"Ab","")</f><v>Ab</v></c>`,
        ) +
        row(
          6,
          `<c r="A6"><v>3</v></c><c r="B6"><v>2410003</v></c>${text("C6", "Shapla")}${text("D6", "০৭")}`,
        ),
      {
        "xl/sharedStrings.xml": `<?xml version="1.0"?><sst ${ns}><si><r><t>Mou</t></r><r><t xml:space="preserve">sumi Akter</t></r></si></sst>`,
      },
    );
    expect(await read(bytes)).toEqual({
      errors: [],
      rows: [
        {
          line: 2,
          roll: "1",
          registration: "2410001",
          name: "Rina",
          scores: scores(classTen, { "107": [45] }),
        },
        {
          line: 4,
          roll: "2",
          registration: "2410002",
          name: "Mousumi Akter",
          scores: scores(classTen, { "107": [null] }),
        },
        {
          line: 6,
          roll: "3",
          registration: "2410003",
          name: "Shapla",
          scores: scores(classTen, { "107": [7] }),
        },
      ],
    });
  });
});

describe("problems, each by row and column", () => {
  it("lists every kind of problem in a sheet once, where it is", async () => {
    const long = "x".repeat(101);
    const sheet = [
      "roll,registration,name,101 written,101 Written,Remarks,101 mcq",
      "1,2410001,Karim,50,,late,20",
      "12a,2410002,Rahim,50,,,20",
      "3,24-10003,Salma,50,,,20",
      "1,2410004,Jamal,50,,,20",
      "5,2410001,Kamal,50,,,20",
      "6,2410006,Nila,12.5,,,20",
      "7,2410007,Mitu,-3,,,20",
      "8,2410008,Rina,71,,,20",
      "9,2410009,Sumi,abc,,,20",
      "10,2410010,,50,,,20",
      "11,2410011,Ka\u0000rim,50,,,20",
      `12,2410012,${long},50,,,20`,
      "13,2410013,Tuli,50,,,20,99",
      ",2410014,Nobody,50,,,20",
    ].join("\n");
    const { rows, errors } = await read(csv(sheet));
    expect(errors).toEqual([
      { row: 1, column: "101 Written", message: 'Duplicate column: the same as "101 written".' },
      {
        row: 1,
        column: "Remarks",
        message: expect.stringMatching(/^Unknown column: expected roll, registration, name/),
      },
      { row: 3, column: "roll", message: "The roll number must be 1 to 20 digits." },
      { row: 4, column: "registration", message: "The registration number must be 1 to 20 digits." },
      { row: 5, column: "roll", message: "The same roll number as row 2." },
      { row: 6, column: "registration", message: "The same registration number as row 2." },
      { row: 7, column: "101 written", message: "The score must be a whole number." },
      { row: 8, column: "101 written", message: "The score must not be negative." },
      { row: 9, column: "101 written", message: "The score must be at most 70, the full marks." },
      {
        row: 10,
        column: "101 written",
        message: "The score must be a whole number of marks, or A for absent.",
      },
      { row: 11, column: "name", message: "The name is missing." },
      { row: 12, column: "name", message: "The name must not contain control characters." },
      { row: 13, column: "name", message: "The name must be at most 100 characters." },
      { row: 14, column: "H", message: "This column has values but no header." },
      { row: 15, column: "roll", message: "The roll number is missing." },
    ]);
    // Only the rows without a problem are given.
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(rows[0]!.scores["101"]).toEqual([50, 20]);
  });

  it.each(["roll", "registration", "name"])("refuses a sheet without the %s column", async (missing) => {
    const headers = ["roll", "registration", "name", "107"].filter((h) => h !== missing);
    const { rows, errors } = await read(csv(`${headers.join(",")}\n1,2,3\n`));
    expect(errors).toEqual([{ row: 1, column: missing, message: `The ${missing} column is missing.` }]);
    expect(rows).toEqual([]);
  });

  it("takes a subject component with no column as not entered", async () => {
    const { rows, errors } = await read(csv("roll,registration,name\n1,2,Ana\n"));
    expect(errors).toEqual([]);
    expect(rows[0]!.scores).toEqual(scores(classTen));
  });

  it("stops at the limits: rows, columns, bytes", async () => {
    const students = Array.from({ length: marksSheetLimits.rows + 1 }, (_, i) => `${i + 1},${i + 1},S${i}`);
    const tooMany = await read(csv(`roll,registration,name\n${students.join("\n")}\n`));
    expect(tooMany.errors).toEqual([
      { row: 5002, column: "file", message: "The sheet has more than 5,000 students." },
    ]);

    const wide = Array.from({ length: 101 }, (_, i) => `c${i}`).join(",");
    expect((await read(csv(`${wide}\n`))).errors).toEqual([
      { row: 0, column: "file", message: "The sheet has more than 100 columns." },
    ]);

    const big = new Uint8Array(marksSheetLimits.bytes + 1).fill(0x41);
    expect((await read(big)).errors).toEqual([
      { row: 0, column: "file", message: "The file is larger than 2 MB." },
    ]);
  });

  it("stops listing after 500 problems", async () => {
    const bad = Array.from({ length: 600 }, (_, i) => `x${i},${i},S`);
    const { errors } = await read(csv(`roll,registration,name\n${bad.join("\n")}\n`));
    expect(errors).toHaveLength(501);
    expect(errors.at(-1)!.message).toMatch(/more problems than listed/);
  });
});
