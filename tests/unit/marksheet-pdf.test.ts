// The marksheet PDF, read back the way a person's tools read it: poppler's pdftotext, pdfinfo,
// pdffonts and pdftoppm (poppler-utils), on files written to a temporary folder.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComponentKind, GradedSubject, Marksheet } from "../../common/schemas/results";
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { renderMarksheetPdf } from "../../server/exam-results/marksheet-pdf";

const run = promisify(execFile);

type Part = [kind: ComponentKind, full: number, score: number | null];

/** A subject as the grading gives it (national scheme: 80% A+ 5, 70% A 4, 60% A- 3.5). */
function subject(code: string, name: string, parts: Part[], optional = false): GradedSubject {
  const components = parts.map(([kind, full, score]) => ({
    kind,
    full,
    pass: Math.ceil(full * 0.33),
    score,
  }));
  const marks = components.reduce((sum, component) => sum + (component.score ?? 0), 0);
  const full = components.reduce((sum, component) => sum + component.full, 0);
  const failed = components.some((component) => component.score === null || component.score < component.pass);
  const percent = (marks / full) * 100;
  const [grade, point] = failed
    ? ["F", 0]
    : percent >= 80
      ? ["A+", 5]
      : percent >= 70
        ? ["A", 4]
        : ["A-", 3.5];
  return {
    code,
    name,
    optional,
    components,
    marks,
    full,
    grade,
    point,
    failed,
    absent: components.every((c) => c.score === null),
  };
}

/**
 * An SSC science student's marksheet: eight A+ and one A- in the compulsory subjects make
 * 43.5 / 9 = 4.83; the optional Higher Mathematics, its practical missed, adds nothing.
 */
function marksheet(names: Record<string, string>, rest: Partial<Marksheet> = {}): Marksheet {
  const subjects = [
    subject("101", names.bangla1!, [
      ["written", 70, 60],
      ["mcq", 30, 26],
    ]),
    subject("102", names.bangla2!, [
      ["written", 70, 58],
      ["mcq", 30, 25],
    ]),
    subject("107", names.english1!, [["written", 100, 84]]),
    subject("108", names.english2!, [["written", 100, 81]]),
    subject("109", names.maths!, [
      ["written", 70, 66],
      ["mcq", 30, 29],
    ]),
    subject("136", names.physics!, [
      ["written", 50, 44],
      ["mcq", 25, 21],
      ["practical", 25, 23],
    ]),
    subject("137", names.chemistry!, [
      ["written", 50, 33],
      ["mcq", 25, 14],
      ["practical", 25, 21],
    ]),
    subject("138", names.biology!, [
      ["written", 50, 43],
      ["mcq", 25, 20],
      ["practical", 25, 24],
    ]),
    subject("154", names.ict!, [
      ["mcq", 25, 22],
      ["practical", 25, 23],
    ]),
    subject(
      "126",
      names.higherMaths!,
      [
        ["written", 50, 41],
        ["mcq", 25, 19],
        ["practical", 25, null],
      ],
      true,
    ),
  ];
  return {
    subjects,
    gpa: 4.83,
    gpaWithoutOptional: 4.83,
    grade: "A",
    result: "pass",
    totalMarks: subjects.reduce((sum, s) => sum + s.marks, 0),
    fullMarks: subjects.reduce((sum, s) => sum + s.full, 0),
    institute: { name: names.institute! },
    exam: {
      id: "exam-1",
      name: names.exam!,
      session: "2025",
      scheme: "national",
      publishedAt: "2026-01-15T06:00:00.000Z",
    },
    student: names.student!,
    class: names.class!,
    section: names.section!,
    roll: "1024",
    registration: "2512345678",
    position: 3,
    ...rest,
  };
}

const banglaNames = {
  institute: "মতিঝিল আইডিয়াল স্কুল অ্যান্ড কলেজ",
  exam: "বার্ষিক পরীক্ষা ২০২৫",
  student: "মোঃ আব্দুল্লাহ আল মামুন",
  class: "দশম",
  section: "ক",
  bangla1: "বাংলা প্রথম পত্র",
  bangla2: "বাংলা দ্বিতীয় পত্র",
  english1: "ইংরেজি প্রথম পত্র",
  english2: "ইংরেজি দ্বিতীয় পত্র",
  maths: "গণিত",
  physics: "পদার্থবিজ্ঞান",
  chemistry: "রসায়ন",
  biology: "জীববিজ্ঞান",
  ict: "তথ্য ও যোগাযোগ প্রযুক্তি",
  higherMaths: "উচ্চতর গণিত",
};

const englishNames = {
  institute: "Motijheel Ideal School and College",
  exam: "Annual Examination 2025",
  student: "Md. Abdullah Al Mamun",
  class: "Ten",
  section: "A",
  bangla1: "Bangla First Paper",
  bangla2: "Bangla Second Paper",
  english1: "English First Paper",
  english2: "English Second Paper",
  maths: "Mathematics",
  physics: "Physics",
  chemistry: "Chemistry",
  biology: "Biology",
  ict: "Information and Communication Technology",
  higherMaths: "Higher Mathematics",
};

const subjectKeys = [
  "bangla1",
  "bangla2",
  "english1",
  "english2",
  "maths",
  "physics",
  "chemistry",
  "biology",
  "ict",
  "higherMaths",
] as const;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "marksheet-pdf-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the PDF and returns its file's path. */
async function saved(pdf: Uint8Array, name: string): Promise<string> {
  const file = path.join(folder, `${name}.pdf`);
  await writeFile(file, pdf);
  return file;
}

async function layoutText(file: string): Promise<string> {
  const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  return stdout.normalize("NFC");
}

/** The line of pdftotext's layout that starts with the label (after spaces). */
function lineStartingWith(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.trim().startsWith(label.normalize("NFC")));
  if (line === undefined) throw new Error(`No line starts with ${label}`);
  return line;
}

const nfc = (text: string) => text.normalize("NFC");

const bengaliNumber = (value: number) => new Intl.NumberFormat("bn-BD").format(value);

describe("the marksheet PDF", () => {
  it("reads back in Bangla: the names, every subject, the numbers in Bengali digits, the labels", async () => {
    const sheet = marksheet(banglaNames);
    const file = await saved(await renderMarksheetPdf(sheet, "bn"), "bn");
    const text = await layoutText(file);

    expect(text).toContain(nfc(banglaNames.student));
    expect(text).toContain(nfc(banglaNames.institute));
    expect(text).toContain(nfc(banglaNames.exam));
    for (const key of subjectKeys) expect(text).toContain(nfc(banglaNames[key]));
    expect(text).toContain(nfc(`${banglaNames.higherMaths} (${bn["marksheet.optional"]})`));
    expect(text).toContain(nfc(bn["marksheet.title"]));
    expect(text).toContain(nfc(bn["marksheet.absent"]));
    expect(lineStartingWith(text, `${bn["marksheet.student"]}:`)).toContain(nfc(banglaNames.student));
    expect(lineStartingWith(text, `${bn["marksheet.roll"]}:`)).toContain("১০২৪");
    expect(text).toContain(nfc(`${bn["marksheet.registration"]}: ২৫১২৩৪৫৬৭৮`));
    expect(lineStartingWith(text, bn["marksheet.gpa"])).toContain("৪.৮৩");
    expect(lineStartingWith(text, bn["marksheet.gpaWithoutOptional"])).toContain("৪.৮৩");
    expect(lineStartingWith(text, bn["marksheet.gpaWithoutOptional"])).toContain(nfc(bn["marksheet.passed"]));
    expect(lineStartingWith(text, bn["marksheet.position"])).toContain("৩");
    expect(text).toContain(nfc(`${bn["marksheet.publishedOn"]}: ১৫ জানুয়ারি, ২০২৬`));
    expect(text).toContain(nfc(bn["marksheet.footer"]));
    // A subject's row: code, components (the missed practical), total, full marks, grade, point.
    expect(lineStartingWith(text, "১২৬")).toMatch(
      /১২৬\s+উচ্চতর গণিত \(ঐচ্ছিক\)\s+৪১\s+১৯\s+অনুপস্থিত\s+৬০\s+১০০\s+F\s+০\.০০/,
    );
    // No ASCII digit and no English label in the Bangla marksheet.
    expect(text).not.toMatch(/[0-9]/);
    expect(text).not.toContain(en["marksheet.roll"]);
  });

  it("reads back in English, with the English labels", async () => {
    const sheet = marksheet(englishNames);
    const file = await saved(await renderMarksheetPdf(sheet, "en"), "en");
    const text = await layoutText(file);

    expect(text).toContain(englishNames.student);
    expect(text).toContain(englishNames.institute);
    expect(text).toContain(englishNames.exam);
    for (const key of subjectKeys) expect(text).toContain(englishNames[key]);
    expect(text).toContain(`${englishNames.higherMaths} (Optional)`);
    expect(text).toContain("Marksheet");
    expect(lineStartingWith(text, "Student's name:")).toContain(englishNames.student);
    expect(lineStartingWith(text, "Roll:")).toContain("1024");
    expect(text).toContain("Registration no.: 2512345678");
    expect(lineStartingWith(text, "GPA ")).toContain("4.83");
    expect(lineStartingWith(text, "GPA without the optional subject")).toMatch(/4\.83\s+Result\s+Passed/);
    expect(lineStartingWith(text, "Position in class")).toContain("3");
    expect(text).toContain("Published on: 15 January 2026");
    expect(lineStartingWith(text, "126")).toMatch(
      /126\s+Higher Mathematics \(Optional\)\s+41\s+19\s+Absent\s+60\s+100\s+F\s+0\.00/,
    );
    expect(text).not.toContain(nfc(bn["marksheet.roll"]));
  });

  it("draws a name in the other script in either language", async () => {
    const english = marksheet(englishNames, { student: banglaNames.student });
    const bangla = marksheet(banglaNames, { student: englishNames.student, section: null });
    const englishText = await layoutText(await saved(await renderMarksheetPdf(english, "en"), "mixed-en"));
    const banglaText = await layoutText(await saved(await renderMarksheetPdf(bangla, "bn"), "mixed-bn"));
    expect(lineStartingWith(englishText, "Student's name:")).toContain(nfc(banglaNames.student));
    expect(lineStartingWith(banglaText, `${bn["marksheet.student"]}:`)).toContain(englishNames.student);
    // No section: no section label.
    expect(banglaText).not.toContain(nfc(`${bn["marksheet.section"]}:`));
  });

  it("is one A4 page with its fonts embedded as subsets, and small", async () => {
    for (const language of ["en", "bn"] as const) {
      const pdf = await renderMarksheetPdf(
        marksheet(language === "bn" ? banglaNames : englishNames),
        language,
      );
      expect(pdf.byteLength, language).toBeLessThan(60_000);
      const file = await saved(pdf, `info-${language}`);
      const { stdout: info } = await run("pdfinfo", [file]);
      expect(info).toMatch(/^Pages:\s+1$/m);
      expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
      const { stdout: fonts } = await run("pdffonts", [file]);
      const rows = fonts.split("\n").slice(2).filter(Boolean);
      expect(rows.length).toBeGreaterThan(0);
      // Embedded, subset, with a ToUnicode map.
      for (const row of rows) expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
    }
  });

  it("renders to an image that has text on it", async () => {
    const file = await saved(await renderMarksheetPdf(marksheet(banglaNames), "bn"), "image");
    await run("pdftoppm", ["-r", "50", "-png", "-singlefile", file, path.join(folder, "image")]);
    const { data, info } = await sharp(path.join(folder, "image.png"))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A4 at 50 dpi (pdftoppm rounds the width either way).
    expect(info.width).toBeGreaterThanOrEqual(413);
    expect(info.width).toBeLessThanOrEqual(414);
    expect(info.height).toBe(585);
    const dark = data.filter((value) => value < 160).length / data.length;
    // Text and the table's lines: a few percent of the page, not nothing and not a black page.
    expect(dark).toBeGreaterThan(0.01);
    expect(dark).toBeLessThan(0.2);
  });

  it("shapes Bengali as HarfBuzz does: conjuncts are single glyphs, no hasant is left showing", async () => {
    const pdf = Buffer.from(await renderMarksheetPdf(marksheet(banglaNames), "bn"));
    const streams = pdfStreams(pdf);

    // What each glyph of the fonts stands for (their ToUnicode maps): a conjunct drawn as one
    // glyph maps to all its letters; a visible hasant (্) would be a glyph of its own.
    const glyphTexts = streams.filter((s) => s.includes("beginbfrange")).flatMap(toUnicodeEntries);
    expect(glyphTexts).toContain("ক্ষ"); // শিক্ষার্থীর, পরীক্ষা
    expect(glyphTexts).toContain("জ্ঞ"); // পদার্থবিজ্ঞান
    expect(glyphTexts).not.toContain("্");

    // The glyphs drawn for whole words, against HarfBuzz's shaping of Noto Sans Bengali 5.3.0
    // (fontkit, pdfkit's own shaper, draws 11, 10, 14 and 10: a second reph, loose pieces).
    const content = streams.find((s) => s.includes(" BDC"))!;
    const glyphCounts = spans(content);
    expect(glyphCounts.get("বহুনির্বাচনি")).toBe(10);
    expect(glyphCounts.get("ব্যবহারিক")).toBe(8);
    expect(glyphCounts.get("পদার্থবিজ্ঞান")).toBe(10);
    expect(glyphCounts.get("নম্বরপত্র")).toBe(7);
  });

  it("fits fifteen subjects of three parts with long names on the one page", async () => {
    const long = "তথ্য ও যোগাযোগ প্রযুক্তি এবং কম্পিউটার বিজ্ঞানের প্রয়োগ ও ব্যবহারিক অনুশীলন";
    const subjects = Array.from({ length: 15 }, (_, index) =>
      subject(
        String(201 + index),
        `${long} ${bengaliNumber(index + 1)}`,
        [
          ["written", 50, 40],
          ["mcq", 25, 20],
          ["practical", 25, 20],
        ],
        index === 14,
      ),
    );
    const sheet = marksheet(
      { ...banglaNames, institute: `${banglaNames.institute}, ${banglaNames.institute}, মতিঝিল, ঢাকা-১০০০` },
      { subjects },
    );
    const file = await saved(await renderMarksheetPdf(sheet, "bn"), "fifteen");
    const { stdout: info } = await run("pdfinfo", [file]);
    expect(info).toMatch(/^Pages:\s+1$/m);
    const { stdout: boxes } = await run("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"]);
    const words = [
      ...boxes.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ].map(([, xMin, yMin, xMax, yMax, word]) => ({
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
      word: nfc(word ?? ""),
    }));
    for (const word of words) {
      expect(word.xMin, word.word).toBeGreaterThanOrEqual(30);
      expect(word.xMax, word.word).toBeLessThanOrEqual(595.28 - 30);
      expect(word.yMin, word.word).toBeGreaterThanOrEqual(30);
      expect(word.yMax, word.word).toBeLessThanOrEqual(841.89 - 30);
    }
    // The last subject's row and the summary stay above the published date and the signature.
    // (A span with /ActualText comes back as one "word", spaces and all.)
    const find = (start: string) => words.find((w) => w.word.startsWith(nfc(start)))!;
    const lastCode = find("২১৫");
    const position = find(bn["marksheet.position"]);
    const published = find(bn["marksheet.publishedOn"]);
    expect(lastCode.yMax).toBeLessThan(position.yMin);
    expect(position.yMax).toBeLessThan(published.yMin);
    const text = await layoutText(file);
    expect(text).toContain(nfc(bn["marksheet.footer"]));
  });
});

/** The PDF's streams, inflated, as Latin-1 text. */
function pdfStreams(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/<<((?:(?!<<)[\s\S])*?)>>\s*stream\r?\n/g)].map((match) => {
    const length = Number(/\/Length (\d+)/.exec(match[1]!)?.[1]);
    const start = match.index + match[0].length;
    const data = pdf.subarray(start, start + length);
    return (/FlateDecode/.test(match[1]!) ? inflateSync(data) : data).toString("latin1");
  });
}

/** The texts of a ToUnicode map's entries (pdfkit writes ranges of arrays). */
function toUnicodeEntries(cmap: string): string[] {
  return [...cmap.matchAll(/<[0-9a-f]+> <[0-9a-f]+> \[([^\]]*)\]/gi)].flatMap(([, entries]) =>
    [...entries!.matchAll(/<([0-9a-f ]*)>/gi)].map(([, units]) =>
      String.fromCharCode(
        ...units!
          .split(" ")
          .filter(Boolean)
          .map((unit) => Number.parseInt(unit, 16)),
      ),
    ),
  );
}

/** Each /ActualText span of a content stream: its text, and the number of glyphs drawn in it. */
function spans(content: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const [, hex, body] of content.matchAll(
    /\/Span <<\/ActualText <FEFF([0-9A-F]*)>>> BDC([\s\S]*?)EMC/gi,
  )) {
    const text = String.fromCharCode(...(hex!.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
    const glyphs = [...body!.matchAll(/<([0-9a-f]+)>/gi)].reduce(
      (sum, [, codes]) => sum + codes!.length / 4,
      0,
    );
    found.set(text, glyphs);
  }
  return found;
}
