// The marksheet as a one-page A4 PDF, in English or Bangla.
//
// pdfkit writes the document and subsets the fonts, but the text is shaped and placed here:
// - pdfkit's own shaper (fontkit) gets Bengali wrong: স্ক্র comes out as ষ with a visible
//   hasant, বহুনির্বাচনি gets its reph twice, দ্ধ and ন্ধ lose a piece of headline. HarfBuzz
//   (harfbuzzjs, WebAssembly) shapes every run instead, handed to pdfkit in place of fontkit's
//   layout (pdfkit takes any font object with a `layout`).
// - A shaped Bengali word is not its letters in order: ি in কিছু is drawn before its consonant
//   and ক্ষ is one glyph, so a PDF reader that goes by the glyphs gets "িকছু" or nothing. Each
//   such string is wrapped in a marked-content span whose /ActualText is the string itself.
//   Poppler (pdftotext, and the viewers built on it) applies /ActualText with the graphics state
//   in force at the span's end, so the span opens and closes inside the text object that draws
//   the glyphs; pdfkit's text() ends its own text object first, hence the glyph writer below.
// The font is Noto Sans Bengali as @fontsource ships it: one WOFF per script, each keeping its
// OpenType tables. The Bengali file has no Latin letters, digits or punctuation, so a string is
// drawn in runs, each in the first file that has its characters.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import type * as Fontkit from "fontkit";
import type * as HarfBuzz from "harfbuzzjs";
import type PDFDocumentClass from "pdfkit";
import {
  type ComponentKind,
  componentKinds,
  type GradedSubject,
  type Marksheet,
} from "../../common/schemas/results";
import { bn } from "../../i18n/bn";
import { en, type MessageKey } from "../../i18n/en";
import { errorTextsBn } from "../../i18n/errors/texts-bn";
import { formatDate } from "../../i18n/format";
import { intlLocale, type Locale, translate } from "../../i18n/translate";

export async function renderMarksheetPdf(marksheet: Marksheet, language: Locale): Promise<Uint8Array> {
  const engine = await loadEngine();
  const doc = new engine.PDFDocument({
    size: "A4",
    margin: 0,
    // No default font: pdfkit would otherwise read and parse Helvetica's metrics for every file.
    font: "",
    lang: intlLocale[language],
    displayTitle: true,
    info: {
      Title: `${translate(dictionary[language], "marksheet.title")}: ${marksheet.student}`,
      Author: marksheet.institute.name,
      Subject: `${marksheet.exam.name} ${marksheet.exam.session}`,
      Creator: "Maktab",
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  drawMarksheet(new TextWriter(doc, engine.faces), marksheet, language);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// The page.

const dictionary = { en, bn };

const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 40;
const contentWidth = pageWidth - 2 * margin;
/** Where the published date and the signature stand: the lowest the table and summary may reach. */
const signatureTop = pageHeight - margin - 62;

const ink = "#1b1b1b";
const muted = "#555555";
const rule = "#8a8a8a";
const shade = "#ececec";
const lightShade = "#f6f6f6";
const passColour = "#176b2c";
const failColour = "#a11d1d";

export type Texts = {
  t: (key: MessageKey) => string;
  /** ASCII digits in the language's digits (roll, registration, codes, session). */
  digits: (text: string) => string;
  whole: (value: number) => string;
  twoDecimals: (value: number) => string;
  date: (value: string) => string;
};

export function textsFor(language: Locale): Texts {
  const intl = intlLocale[language];
  const whole = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
  const twoDecimals = new Intl.NumberFormat(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    t: (key) => translate(dictionary[language], key),
    digits: (text) =>
      language === "bn"
        ? text.replace(/[0-9]/g, (digit) => errorTextsBn.digits?.[Number(digit)] ?? digit)
        : text,
    whole: (value) => whole.format(value),
    twoDecimals: (value) => twoDecimals.format(value),
    date: (value) => formatDate(value, intl),
  };
}

function drawMarksheet(writer: TextWriter, marksheet: Marksheet, language: Locale) {
  const texts = textsFor(language);
  const { t } = texts;
  let y = margin;

  // The institute, the exam and the title.
  const institute = writer.fit(marksheet.institute.name, {
    weight: "bold",
    size: 17,
    minSize: 12,
    width: contentWidth,
    maxLines: 2,
  });
  y = writer.drawLines(institute, { x: margin, top: y, width: contentWidth, align: "center", colour: ink });
  const exam = writer.fit(marksheet.exam.name, {
    weight: "regular",
    size: 11,
    minSize: 9,
    width: contentWidth,
    maxLines: 1,
  });
  y = writer.drawLines(exam, { x: margin, top: y + 2, width: contentWidth, align: "center", colour: muted });
  y += 8;
  const title = t("marksheet.title");
  const titleWidth = writer.width(title, "bold", 12) + 28;
  writer.doc
    .roundedRect((pageWidth - titleWidth) / 2, y, titleWidth, 20, 3)
    .fillColor(shade)
    .fill();
  writer.draw(title, {
    x: (pageWidth - titleWidth) / 2,
    y: baselineIn(y, 20, 12),
    weight: "bold",
    size: 12,
    width: titleWidth,
    align: "center",
    colour: ink,
  });
  y += 20 + 14;

  // The student.
  y = drawStudent(writer, marksheet, texts, y);
  y += 12;

  // The subjects, then the totals, the GPA and the result, all above the signature.
  const note = marksheet.subjects.some((subject) => subject.optional)
    ? writer.fit(t("marksheet.optionalMark"), {
        weight: "regular",
        size: 7.5,
        minSize: 6,
        width: contentWidth,
        maxLines: 2,
      })
    : undefined;
  const noteHeight = note ? linesHeight(note) + 3 : 0;
  const below = noteHeight + 10 + summaryHeight(marksheet) + 8;
  y = drawSubjects(writer, marksheet, texts, y, signatureTop - below - y);
  if (note) {
    y = writer.drawLines(note, { x: margin, top: y + 3, width: contentWidth, align: "left", colour: muted });
  }
  y += 10;
  drawSummary(writer, marksheet, texts, y);

  // The published date, the signature and the footer.
  const published = `${t("marksheet.publishedOn")}: ${texts.date(marksheet.exam.publishedAt)}`;
  writer.draw(published, { x: margin, y: signatureTop + 40, weight: "regular", size: 9, colour: ink });
  const signatureWidth = 170;
  const signatureX = pageWidth - margin - signatureWidth;
  writer.doc
    .moveTo(signatureX, signatureTop + 28)
    .lineTo(signatureX + signatureWidth, signatureTop + 28)
    .lineWidth(0.6)
    .strokeColor(rule)
    .stroke();
  writer.draw(t("marksheet.signature"), {
    x: signatureX,
    y: signatureTop + 40,
    weight: "regular",
    size: 9,
    width: signatureWidth,
    align: "center",
    colour: ink,
  });
  const footer = writer.fit(t("marksheet.footer"), {
    weight: "regular",
    size: 7.5,
    minSize: 6,
    width: contentWidth,
    maxLines: 1,
  });
  writer.drawLines(footer, {
    x: margin,
    top: pageHeight - margin - 4,
    width: contentWidth,
    align: "center",
    colour: muted,
  });
}

function drawStudent(writer: TextWriter, marksheet: Marksheet, texts: Texts, top: number): number {
  const { t, digits } = texts;
  type Pair = [label: string, value: string];
  const name: Pair = [t("marksheet.student"), marksheet.student];
  const left: Pair[] = [
    [t("marksheet.class"), marksheet.class],
    [t("marksheet.roll"), digits(marksheet.roll)],
    [t("marksheet.session"), digits(marksheet.exam.session)],
  ];
  const right: Pair[] = [
    ...(marksheet.section === null ? [] : ([[t("marksheet.section"), marksheet.section]] as Pair[])),
    [t("marksheet.registration"), digits(marksheet.registration)],
  ];
  const labelSize = 8.5;
  const valueSize = 10;
  const rowHeight = 17;
  const columnWidth = contentWidth / 2;
  const labelWidth = (pairs: Pair[]) =>
    Math.max(...pairs.map(([label]) => writer.width(`${label}:`, "regular", labelSize))) + 8;
  const leftLabels = labelWidth([name, ...left]);
  const rightLabels = labelWidth(right);

  const drawPair = ([label, value]: Pair, x: number, labelColumn: number, width: number, y: number) => {
    const baseline = baselineIn(y, rowHeight, valueSize);
    writer.draw(`${label}:`, { x, y: baseline, weight: "regular", size: labelSize, colour: muted });
    const fitted = writer.fit(value, {
      weight: "bold",
      size: valueSize,
      minSize: 7.5,
      width: width - labelColumn - 6,
      maxLines: 1,
    });
    writer.draw(fitted.lines[0] ?? "", {
      x: x + labelColumn,
      y: baseline,
      weight: "bold",
      size: fitted.size,
      colour: ink,
    });
  };

  const rows = 1 + Math.max(left.length, right.length);
  writer.doc
    .rect(margin, top, contentWidth, rows * rowHeight + 8)
    .lineWidth(0.6)
    .strokeColor(rule)
    .stroke();
  let y = top + 4;
  drawPair(name, margin + 8, leftLabels, contentWidth - 8, y);
  y += rowHeight;
  for (let row = 0; row < rows - 1; row++) {
    const pairLeft = left[row];
    const pairRight = right[row];
    if (pairLeft) drawPair(pairLeft, margin + 8, leftLabels, columnWidth - 8, y);
    if (pairRight) drawPair(pairRight, margin + columnWidth + 8, rightLabels, columnWidth - 16, y);
    y += rowHeight;
  }
  return top + rows * rowHeight + 8;
}

type Column = {
  key: "code" | "subject" | ComponentKind | "marks" | "full" | "grade" | "point";
  header: string;
  width: number;
  align: "left" | "center";
  cell: (subject: GradedSubject) => string;
};

function drawSubjects(
  writer: TextWriter,
  marksheet: Marksheet,
  texts: Texts,
  top: number,
  room: number,
): number {
  const { t, digits, whole, twoDecimals } = texts;
  // A column for each part that some subject is examined in.
  const kinds = componentKinds.filter((kind) =>
    marksheet.subjects.some((subject) => subject.components.some((component) => component.kind === kind)),
  );
  const componentCell = (kind: ComponentKind) => (subject: GradedSubject) => {
    const component = subject.components.find((c) => c.kind === kind);
    if (!component) return "–";
    return component.score === null ? t("marksheet.absent") : whole(component.score);
  };
  const fixed: Column[] = [
    {
      key: "code",
      header: t("marksheet.subjectCode"),
      width: 38,
      align: "center",
      cell: (s) => digits(s.code),
    },
    ...kinds.map(
      (kind): Column => ({
        key: kind,
        header: t(`marksheet.component.${kind}`),
        width: 46,
        align: "center",
        cell: componentCell(kind),
      }),
    ),
    { key: "marks", header: t("marksheet.marks"), width: 42, align: "center", cell: (s) => whole(s.marks) },
    { key: "full", header: t("marksheet.fullMarks"), width: 42, align: "center", cell: (s) => whole(s.full) },
    { key: "grade", header: t("marksheet.grade"), width: 38, align: "center", cell: (s) => s.grade },
    {
      key: "point",
      header: t("marksheet.gradePoint"),
      width: 42,
      align: "center",
      cell: (s) => twoDecimals(s.point),
    },
  ];
  const subjectWidth = contentWidth - fixed.reduce((sum, column) => sum + column.width, 0);
  const optional = t("marksheet.optional");
  const subjectColumn: Column = {
    key: "subject",
    header: t("marksheet.subject"),
    width: subjectWidth,
    align: "left",
    cell: (s) => (s.optional ? `${s.name} (${optional})` : s.name),
  };
  const [codeColumn, ...rest] = fixed;
  const columns = [codeColumn!, subjectColumn, ...rest];
  const padding = 4;

  // Smaller text when the subjects would not fit above the signature otherwise: fifteen subjects
  // with long names still make one page.
  let plan = planTable(writer, marksheet.subjects, columns, 9, padding);
  for (const size of [8.5, 8, 7.5, 7]) {
    if (plan.height <= room) break;
    plan = planTable(writer, marksheet.subjects, columns, size, padding);
  }

  const doc = writer.doc;
  let y = top;
  // The header row.
  doc.rect(margin, y, contentWidth, plan.headerHeight).fillColor(shade).fill();
  let x = margin;
  for (const [index, column] of columns.entries()) {
    const fitted = plan.headers[index]!;
    const textHeight = linesHeight(fitted);
    writer.drawLines(fitted, {
      x: x + padding,
      top: y + (plan.headerHeight - textHeight) / 2,
      width: column.width - 2 * padding,
      align: column.align,
      colour: ink,
    });
    x += column.width;
  }
  y += plan.headerHeight;

  // A row a subject.
  for (const row of plan.rows) {
    if (row.subject.optional) doc.rect(margin, y, contentWidth, row.height).fillColor(lightShade).fill();
    x = margin;
    for (const [index, column] of columns.entries()) {
      const fitted = row.cells[index]!;
      const failed = column.key === "grade" && row.subject.failed;
      writer.drawLines(fitted, {
        x: x + padding,
        top: y + (row.height - linesHeight(fitted)) / 2,
        width: column.width - 2 * padding,
        align: column.align,
        colour: failed ? failColour : ink,
      });
      x += column.width;
    }
    y += row.height;
  }

  // The totals row: the label across the columns before the marks.
  const marksIndex = columns.findIndex((column) => column.key === "marks");
  const beforeMarks = columns.slice(0, marksIndex).reduce((sum, column) => sum + column.width, 0);
  const totalHeight = totalRowHeight;
  doc.rect(margin, y, contentWidth, totalHeight).fillColor(shade).fill();
  const totalBaseline = baselineIn(y, totalHeight, 9);
  writer.draw(t("marksheet.total"), {
    x: margin,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: beforeMarks - padding,
    align: "right",
    colour: ink,
  });
  const marksColumn = columns[marksIndex]!;
  const fullColumn = columns[marksIndex + 1]!;
  writer.draw(whole(marksheet.totalMarks), {
    x: margin + beforeMarks,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: marksColumn.width,
    align: "center",
    colour: ink,
  });
  writer.draw(whole(marksheet.fullMarks), {
    x: margin + beforeMarks + marksColumn.width,
    y: totalBaseline,
    weight: "bold",
    size: 9,
    width: fullColumn.width,
    align: "center",
    colour: ink,
  });
  const bottom = y + totalHeight;

  // The grid: the outline, a line under each row, a line between columns.
  doc.lineWidth(0.5).strokeColor(rule);
  doc.rect(margin, top, contentWidth, bottom - top).stroke();
  let lineY = top + plan.headerHeight;
  doc.moveTo(margin, lineY).lineTo(margin + contentWidth, lineY);
  for (const row of plan.rows) {
    lineY += row.height;
    doc.moveTo(margin, lineY).lineTo(margin + contentWidth, lineY);
  }
  let lineX = margin;
  for (const [index, column] of columns.entries()) {
    lineX += column.width;
    if (index === columns.length - 1) break;
    // The totals row has no lines before the marks column.
    doc.moveTo(lineX, top).lineTo(lineX, index < marksIndex - 1 ? lineY : bottom);
  }
  doc.stroke();
  return bottom;
}

const totalRowHeight = 18;

export type Fitted = { lines: string[]; size: number; weight: Weight };

type TablePlan = {
  headerHeight: number;
  headers: Fitted[];
  rows: { subject: GradedSubject; height: number; cells: Fitted[] }[];
  height: number;
};

function planTable(
  writer: TextWriter,
  subjects: GradedSubject[],
  columns: Column[],
  size: number,
  padding: number,
): TablePlan {
  const headers = columns.map((column) =>
    writer.fit(column.header, {
      weight: "bold",
      size: 8,
      minSize: 6,
      width: column.width - 2 * padding,
      maxLines: 2,
    }),
  );
  const headerHeight = Math.max(...headers.map(linesHeight)) + 8;
  const rows = subjects.map((subject) => {
    const cells = columns.map((column) =>
      writer.fit(column.cell(subject), {
        weight: "regular",
        size,
        minSize: 6,
        width: column.width - 2 * padding,
        maxLines: column.align === "left" ? 2 : 1,
        // A subject's name on one line, a little smaller, rather than two.
        shrinkFirst: 1.5,
      }),
    );
    return { subject, cells, height: Math.max(...cells.map(linesHeight)) + size * 0.7 };
  });
  const height = headerHeight + rows.reduce((sum, row) => sum + row.height, 0) + totalRowHeight;
  return { headerHeight, headers, rows, height };
}

const summaryRowHeight = 19;

/** GPA and grade, GPA without the optional subject and result, and the position when shown. */
function summaryHeight(marksheet: Marksheet): number {
  return (marksheet.position === null ? 2 : 3) * summaryRowHeight;
}

function drawSummary(writer: TextWriter, marksheet: Marksheet, texts: Texts, top: number) {
  const { t, whole, twoDecimals } = texts;
  const passed = marksheet.result === "pass";
  type Item = { label: string; value: string; colour?: string };
  const items: Item[] = [
    { label: t("marksheet.gpa"), value: twoDecimals(marksheet.gpa) },
    { label: t("marksheet.grade"), value: marksheet.grade },
    { label: t("marksheet.gpaWithoutOptional"), value: twoDecimals(marksheet.gpaWithoutOptional) },
    {
      label: t("marksheet.result"),
      value: t(passed ? "marksheet.passed" : "marksheet.failed"),
      colour: passed ? passColour : failColour,
    },
  ];
  if (marksheet.position !== null) {
    items.push({ label: t("marksheet.position"), value: whole(marksheet.position) });
  }
  const rowHeight = summaryRowHeight;
  const half = contentWidth / 2;
  const labelWidth = 150;
  const doc = writer.doc;
  for (const [index, item] of items.entries()) {
    const x = margin + (index % 2) * half;
    const y = top + Math.floor(index / 2) * rowHeight;
    doc.rect(x, y, labelWidth, rowHeight).fillColor(lightShade).fill();
    const label = writer.fit(item.label, {
      weight: "regular",
      size: 8.5,
      minSize: 6.5,
      width: labelWidth - 10,
      maxLines: 1,
    });
    writer.draw(label.lines[0] ?? "", {
      x: x + 5,
      y: baselineIn(y, rowHeight, 8.5),
      weight: "regular",
      size: label.size,
      colour: ink,
    });
    writer.draw(item.value, {
      x: x + labelWidth + 8,
      y: baselineIn(y, rowHeight, 10.5),
      weight: "bold",
      size: 10.5,
      colour: item.colour ?? ink,
    });
    // Each item its own box: an odd one out leaves no empty cells beside it.
    doc.lineWidth(0.5).strokeColor(rule);
    doc.rect(x, y, half, rowHeight).stroke();
    doc
      .moveTo(x + labelWidth, y)
      .lineTo(x + labelWidth, y + rowHeight)
      .stroke();
  }
}

/** The baseline that centres a line of text of this size in a box. */
export function baselineIn(top: number, height: number, size: number): number {
  return top + height / 2 + size * 0.34;
}

const lineSpacing = 1.4;

export function linesHeight(fitted: Fitted): number {
  return fitted.lines.length * fitted.size * lineSpacing;
}

// ---------------------------------------------------------------------------------------------
// Fonts and shaping.

export type Weight = "regular" | "bold";

/** One Fontsource file: fontkit's font for pdfkit (subsetting, widths), HarfBuzz's for shaping. */
type Face = { name: string; font: Fontkit.Font; shaper: HarfBuzz.Font; fromNominal: Map<number, number> };

type Engine = {
  PDFDocument: typeof PDFDocumentClass;
  faces: Record<Weight, Face[]>;
};

/** The files in the order a character looks for its glyph: Bengali first, then the Latin ones. */
const scripts = ["bengali", "latin", "latin-ext"] as const;
const weights: Record<Weight, number> = { regular: 400, bold: 700 };

let engine: Promise<Engine> | undefined;

/** Loaded on the first marksheet, not when the server starts: the fonts and HarfBuzz's WebAssembly. */
export function loadEngine(): Promise<Engine> {
  engine ??= makeEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

async function makeEngine(): Promise<Engine> {
  const [{ default: PDFDocument }, fontkit, harfBuzz] = await Promise.all([
    import("pdfkit"),
    import("fontkit"),
    import("harfbuzzjs"),
  ]);
  const require = createRequire(import.meta.url);
  const buffer = new harfBuzz.Buffer();
  const load = (weight: Weight): Face[] =>
    scripts.map((script) => {
      const file = require.resolve(
        `@fontsource/noto-sans-bengali/files/noto-sans-bengali-${script}-${weights[weight]}-normal.woff`,
      );
      const sfnt = woffToSfnt(readFileSync(file));
      const font = fontkit.create(Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength)) as Fontkit.Font;
      const shaper = new harfBuzz.Font(new harfBuzz.Face(new harfBuzz.Blob(sfnt)));
      const face: Face = { name: `${script}-${weight}`, font, shaper, fromNominal: new Map() };
      font.layout = (text: string) => layoutWithHarfBuzz(harfBuzz, buffer, face, text);
      return face;
    });
  return { PDFDocument, faces: { regular: load("regular"), bold: load("bold") } };
}

/**
 * A run shaped by HarfBuzz, in the form pdfkit reads from fontkit's layout: glyphs (with the
 * characters each stands for, for the font's ToUnicode map) and positions in font units.
 */
function layoutWithHarfBuzz(
  harfBuzz: typeof HarfBuzz,
  buffer: HarfBuzz.Buffer,
  face: Face,
  text: string,
): Fontkit.GlyphRun {
  buffer.reset();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  harfBuzz.shape(face.shaper, buffer);
  const infos = buffer.getGlyphInfos();
  const placed = buffer.getGlyphPositions();
  const characters = characterMap(face, text, infos);
  // Plain glyph records, not fontkit's: fontkit keeps the first characters a glyph was made with.
  const glyphs = infos.map((info, index) => ({
    id: info.codepoint,
    advanceWidth: face.font.getGlyph(info.codepoint).advanceWidth,
    codePoints: characters[index],
  }));
  const positions = placed.map((position) => ({
    xAdvance: position.xAdvance,
    yAdvance: position.yAdvance,
    xOffset: position.xOffset,
    yOffset: position.yOffset,
  }));
  const advanceWidth = positions.reduce((sum, position) => sum + position.xAdvance, 0);
  return { glyphs, positions, advanceWidth } as unknown as Fontkit.GlyphRun;
}

/**
 * The characters each glyph stands for, for readers that ignore /ActualText: a glyph that is a
 * character's own takes that character, the first other glyph of a cluster (a conjunct, a
 * ligature) takes the cluster's remaining characters, the rest none.
 */
function characterMap(face: Face, text: string, infos: HarfBuzz.GlyphInfo[]): number[][] {
  const clusters = new Map<number, number[]>();
  for (const [at, info] of infos.entries()) {
    const members = clusters.get(info.cluster);
    if (members) members.push(at);
    else clusters.set(info.cluster, [at]);
  }
  const starts = [...clusters.keys()].sort((a, b) => a - b);
  const result: number[][] = infos.map(() => []);
  for (const [index, start] of starts.entries()) {
    const end = starts[index + 1] ?? text.length;
    const left = [...text.slice(start, end)].map((char) => char.codePointAt(0)!);
    const members = clusters.get(start)!;
    const others: number[] = [];
    for (const at of members) {
      const found = left.findIndex((codePoint) => nominalGlyph(face, codePoint) === infos[at]!.codepoint);
      if (found === -1) others.push(at);
      else result[at] = left.splice(found, 1);
    }
    if (others[0] !== undefined) result[others[0]] = left;
  }
  return result;
}

function nominalGlyph(face: Face, codePoint: number): number {
  let glyph = face.fromNominal.get(codePoint);
  if (glyph === undefined) {
    glyph = face.font.glyphForCodePoint(codePoint).id;
    face.fromNominal.set(codePoint, glyph);
  }
  return glyph;
}

/** A WOFF 1 file as the TrueType font inside it: HarfBuzz reads only the latter. */
function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("Not a WOFF file");
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = view.getUint32(entry + 4);
    const stored = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const data = woff.subarray(offset, offset + stored);
    return {
      tag: view.getUint32(entry),
      checksum: view.getUint32(entry + 16),
      data: stored < length ? new Uint8Array(inflateSync(data)) : data,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const sfnt = new Uint8Array(tables.reduce((sum, table) => sum + padded(table.data.length), headerLength));
  const out = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, view.getUint32(4));
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const entry = 12 + index * 16;
    out.setUint32(entry, table.tag);
    out.setUint32(entry + 4, table.checksum);
    out.setUint32(entry + 8, offset);
    out.setUint32(entry + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  }
  return sfnt;
}

// ---------------------------------------------------------------------------------------------
// Drawing text.

/** What the writer uses of pdfkit's embedded font (pdfkit 0.20, EmbeddedFont): not in its types. */
type EmbeddedFont = {
  id: string;
  encode(
    text: string,
  ): [string[], { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[]];
  widthOfString(text: string, size: number): number;
  ref(): unknown;
};

type TextStyle = {
  x: number;
  /** The baseline, from the top of the page. */
  y: number;
  weight: Weight;
  size: number;
  colour: string;
  /** With a width, the text is aligned in it. */
  width?: number;
  align?: "left" | "center" | "right";
};

export class TextWriter {
  private readonly embedded = new Map<Face, EmbeddedFont>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly faces: Record<Weight, Face[]>,
  ) {
    for (const face of [...faces.regular, ...faces.bold]) doc.registerFont(face.name, face.font as never);
  }

  private embeddedFont(face: Face): EmbeddedFont {
    let font = this.embedded.get(face);
    if (!font) {
      this.doc.font(face.name);
      font = (this.doc as unknown as { _font: EmbeddedFont })._font;
      this.embedded.set(face, font);
    }
    return font;
  }

  /** The text cut into runs, each drawn with the first face that has its characters. */
  private runs(text: string, weight: Weight): { face: Face; text: string }[] {
    const faces = this.faces[weight];
    const runs: { face: Face; text: string }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const last = runs.at(-1);
      // A space, a joiner or a combining mark stays with the run before it when its face has it.
      if (last?.face.font.hasGlyphForCodePoint(codePoint)) {
        last.text += char;
        continue;
      }
      const face = faces.find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? faces[1]!;
      if (last?.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    return runs;
  }

  width(text: string, weight: Weight, size: number): number {
    return this.runs(text, weight).reduce(
      (sum, run) => sum + this.embeddedFont(run.face).widthOfString(run.text, size),
      0,
    );
  }

  /**
   * The text broken at spaces into at most `maxLines` lines of `width`, at the largest size from
   * `size` down to `minSize` (by half points) that fits; at the smallest, what is left over is
   * cut and ends in an ellipsis. With `shrinkFirst`, one line up to that many points smaller is
   * taken before two.
   */
  fit(
    text: string,
    options: {
      weight: Weight;
      size: number;
      minSize: number;
      width: number;
      maxLines: number;
      shrinkFirst?: number;
    },
  ): Fitted {
    const { weight, width, maxLines, shrinkFirst = 0 } = options;
    const words = text.split(/\s+/).filter(Boolean);
    for (let size = options.size; maxLines > 1 && size >= options.size - shrinkFirst; size -= 0.5) {
      if (this.width(words.join(" "), weight, size) <= width)
        return { lines: [words.join(" ")], size, weight };
    }
    for (let size = options.size; size >= options.minSize; size -= 0.5) {
      const lines = this.wrap(words, weight, size, width);
      if (lines.length <= maxLines && lines.every((line) => this.width(line, weight, size) <= width)) {
        return { lines, size, weight };
      }
    }
    const size = options.minSize;
    const lines = this.wrap(words, weight, size, width).slice(0, maxLines - 1);
    const wordsShown = lines.reduce((sum, line) => sum + line.split(" ").length, 0);
    lines.push(this.shortened(words.slice(wordsShown).join(" "), weight, size, width));
    return { lines, size, weight };
  }

  private wrap(words: string[], weight: Weight, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && this.width(`${last} ${word}`, weight, size) <= width) {
        lines[lines.length - 1] = `${last} ${word}`;
      } else {
        lines.push(word);
      }
    }
    return lines.length ? lines : [""];
  }

  /** The longest start of the text, cut between letters (grapheme clusters), that fits with "…". */
  private shortened(text: string, weight: Weight, size: number, width: number): string {
    if (this.width(text, weight, size) <= width) return text;
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map(
      (part) => part.segment,
    );
    let count = graphemes.length;
    while (
      count > 0 &&
      this.width(`${graphemes.slice(0, count).join("").trimEnd()}…`, weight, size) > width
    ) {
      count--;
    }
    return `${graphemes.slice(0, count).join("").trimEnd()}…`;
  }

  /** Fitted lines, from `top` down; returns where the last line ends. */
  drawLines(
    fitted: Fitted,
    box: { x: number; top: number; width: number; align: "left" | "center" | "right"; colour: string },
  ): number {
    const lineHeight = fitted.size * lineSpacing;
    let top = box.top;
    for (const line of fitted.lines) {
      this.draw(line, {
        x: box.x,
        y: baselineIn(top, lineHeight, fitted.size),
        weight: fitted.weight,
        size: fitted.size,
        width: box.width,
        align: box.align,
        colour: box.colour,
      });
      top += lineHeight;
    }
    return top;
  }

  /**
   * One line of text: its runs in one text object, each glyph where HarfBuzz put it, within a
   * span whose /ActualText is the text when the glyphs alone would not read back as it.
   */
  draw(text: string, style: TextStyle) {
    if (!text.trim()) return;
    const doc = this.doc;
    const runs = this.runs(text, style.weight);
    let x = style.x;
    if (style.width !== undefined && style.align && style.align !== "left") {
      const free = style.width - this.width(text, style.weight, style.size);
      x += style.align === "center" ? free / 2 : free;
    }
    // The page's own height: a landscape page is as tall as a portrait one is wide.
    const height = doc.page.height;
    const baseline = height - style.y;
    const scale = style.size / 1000;
    const operators = [`q 1 0 0 -1 0 ${number(height)} cm`, "BT"];
    // Latin text reads back from its glyphs; anything shaped beyond that gets the span.
    const spanned = [...text].some((char) => char.codePointAt(0)! > 0x24f);
    if (spanned) operators.push(`/Span <</ActualText ${textString(text)}>> BDC`);
    for (const run of runs) {
      const font = this.embeddedFont(run.face);
      doc.page.fonts[font.id] ??= font.ref();
      const [codes, positions] = font.encode(run.text);
      operators.push(`/${font.id} ${number(style.size)} Tf`);
      let pending: string[] = [];
      let glyphs = "";
      let moved = true;
      const flush = () => {
        if (glyphs) pending.push(`<${glyphs}>`);
        if (pending.length) operators.push(`[${pending.join(" ")}] TJ`);
        pending = [];
        glyphs = "";
      };
      for (const [index, position] of positions.entries()) {
        const code = codes[index]!;
        if (position.xOffset || position.yOffset) {
          flush();
          operators.push(
            `1 0 0 1 ${number(x + position.xOffset * scale)} ${number(baseline + position.yOffset * scale)} Tm`,
            `[<${code}>] TJ`,
          );
          moved = true;
        } else {
          if (moved) {
            flush();
            operators.push(`1 0 0 1 ${number(x)} ${number(baseline)} Tm`);
            moved = false;
          }
          glyphs += code;
          const adjustment = position.xAdvance - position.advanceWidth;
          if (adjustment) {
            pending.push(`<${glyphs}>`, number(-adjustment));
            glyphs = "";
          }
        }
        x += position.xAdvance * scale;
      }
      flush();
    }
    if (spanned) operators.push("EMC");
    operators.push("ET Q");
    doc.fillColor(style.colour);
    doc.addContent(operators.join("\n"));
  }
}

function number(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A PDF text string in UTF-16 (big-endian, with its byte-order mark), written in hex. */
function textString(text: string): string {
  let hex = "FEFF";
  for (let index = 0; index < text.length; index++) {
    hex += text.charCodeAt(index).toString(16).padStart(4, "0");
  }
  return `<${hex}>`;
}
