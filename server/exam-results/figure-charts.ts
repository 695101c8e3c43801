// An exam's figures as SVG charts, drawn on the server and put into the page as they are: they
// show without script, print, and stay sharp at any size. Each is one image to a screen reader
// (role="img"), named by its <title> and told in words by its <desc>, numbers included; the page
// puts a visually hidden table of the same numbers beside it for those who want to move through
// them. Pure: figures and a language in, a string out; every text from outside (grades, subject
// names) is escaped.
//
// The bars are the figures to one decimal of a point; the counts and marks stand as text beside
// them, so nobody has to read a value off an axis.
import { bn } from "../../i18n/bn";
import { en, type MessageKey } from "../../i18n/en";
import { intlLocale, type Locale, translate } from "../../i18n/translate";
import type { ExamFigures } from "../domain/exam-reports";
import { escapeXml } from "../xml";

const dictionary = { en, bn };

export type ChartOptions = {
  /** Unique on the page: the title's and description's ids are made from it. */
  id: string;
  language: Locale;
};

/** The grades chart's layout, exported for the tests' arithmetic. */
export const gradesLayout = {
  left: 12,
  top: 28,
  slot: 56,
  barWidth: 36,
  plotHeight: 160,
  /** Room for the grade under each bar. */
  bottom: 30,
} as const;

/** The subjects chart's layout. */
export const subjectsLayout = {
  labelWidth: 190,
  plotWidth: 300,
  valueWidth: 110,
  top: 8,
  rowHeight: 28,
  barHeight: 16,
  /** Room for the axis's 0%, 50% and 100%. */
  bottom: 26,
} as const;

const barColour = "#2f6f9f";
const failColour = "#b03a2e";
const axisColour = "#8a8a8a";

/** A value to one decimal of a point, for coordinates. */
const coordinate = (value: number) => Math.round(value * 10) / 10;

function textsFor(language: Locale) {
  const intl = intlLocale[language];
  const whole = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(intl, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    t: (key: MessageKey, vars?: Record<string, string | number>) =>
      translate(dictionary[language], key, vars),
    whole: (value: number) => whole.format(value),
    decimal: (value: number) => decimal.format(value),
  };
}

/** The opening of an accessible chart: its size, its role, its title and description. */
function open(options: ChartOptions, width: number, height: number, title: string, desc: string): string {
  const id = escapeXml(options.id);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
    ` role="img" aria-labelledby="${id}-title ${id}-desc" style="max-width:100%;height:auto">`,
    `<title id="${id}-title">${escapeXml(title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(desc)}</desc>`,
  ].join("");
}

/** A bar for each grade of the scheme (A+ to F, or the divisions), as tall as its students. */
export function gradesChart(figures: ExamFigures, options: ChartOptions): string {
  const { t, whole } = textsFor(options.language);
  const { left, top, slot, barWidth, plotHeight, bottom } = gradesLayout;
  const bands = figures.grades;
  const most = Math.max(0, ...bands.map((band) => band.count));
  const width = left * 2 + bands.length * slot;
  const height = top + plotHeight + bottom;
  const baseline = top + plotHeight;
  const title = t(
    figures.exam.scheme === "qawmi" ? "examReports.chart.divisions.title" : "examReports.chart.grades.title",
  );
  const list = bands
    .map((band) => t("examReports.chart.grades.item", { grade: band.grade, count: whole(band.count) }))
    .join("; ");
  const desc = t("examReports.chart.grades.desc", { sat: whole(figures.sat), list });
  // The failing band is the last; its bar is red (its label says so too).
  const failing = bands.length - 1;
  const parts = [open(options, width, height, title, desc)];
  for (const [index, band] of bands.entries()) {
    const barHeight = most === 0 ? 0 : coordinate((band.count / most) * plotHeight);
    const x = left + index * slot + (slot - barWidth) / 2;
    const centre = left + index * slot + slot / 2;
    const grade = escapeXml(band.grade);
    parts.push(
      `<rect class="bar" data-grade="${grade}" x="${x}" y="${coordinate(baseline - barHeight)}" width="${barWidth}"`,
      ` height="${barHeight}" fill="${index === failing ? failColour : barColour}"/>`,
      `<text class="count" x="${centre}" y="${coordinate(baseline - barHeight - 6)}" text-anchor="middle"`,
      ` font-size="13" fill="currentColor">${escapeXml(whole(band.count))}</text>`,
      `<text class="label" x="${centre}" y="${baseline + 19}" text-anchor="middle" font-size="13"`,
      ` font-weight="bold" fill="currentColor">${grade}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" y1="${baseline}" x2="${width - left}" y2="${baseline}" stroke="${axisColour}"/>`,
    "</svg>",
  );
  return parts.join("");
}

/**
 * A bar for each subject, as long as its average is a share of the subject's full marks (the
 * subjects have different full marks: 100, 50...), with the average and full marks beside it.
 */
export function subjectsChart(figures: ExamFigures, options: ChartOptions): string {
  const { t, whole, decimal } = textsFor(options.language);
  const { labelWidth, plotWidth, valueWidth, top, rowHeight, barHeight, bottom } = subjectsLayout;
  const subjects = figures.subjects;
  const width = labelWidth + plotWidth + valueWidth;
  const height = top + subjects.length * rowHeight + bottom;
  const plotLeft = labelWidth;
  const plotBottom = top + subjects.length * rowHeight;
  const list = subjects
    .map((subject) => {
      const name = `${subject.code} ${subject.name}`;
      if (subject.sat === 0) return t("examReports.chart.subjects.nobody", { subject: name });
      return t("examReports.chart.subjects.item", {
        subject: name,
        average: decimal(subject.average),
        full: whole(subject.full),
        passRate: decimal(subject.passRate),
        highest: whole(subject.highest),
      });
    })
    .join("; ");
  const desc = t("examReports.chart.subjects.desc", { list });
  const parts = [open(options, width, height, t("examReports.chart.subjects.title"), desc)];
  // The axis: 0%, 50% and 100% of the full marks.
  for (const share of [0, 0.5, 1]) {
    const x = coordinate(plotLeft + share * plotWidth);
    parts.push(
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${plotBottom}" stroke="${axisColour}"`,
      share === 0 ? "/>" : ` stroke-dasharray="3 3"/>`,
      `<text x="${x}" y="${plotBottom + 18}" text-anchor="middle" font-size="12" fill="currentColor">`,
      `${escapeXml(t("examReports.figures.percent", { value: whole(share * 100) }))}</text>`,
    );
  }
  for (const [index, subject] of subjects.entries()) {
    const rowTop = top + index * rowHeight;
    const length =
      subject.full === 0
        ? 0
        : coordinate((Math.min(subject.average, subject.full) / subject.full) * plotWidth);
    const middle = rowTop + rowHeight / 2;
    const label = `${subject.code} ${subject.name}`;
    const value = subject.sat === 0 ? "–" : `${decimal(subject.average)} / ${whole(subject.full)}`;
    // The name on one line, or wrapped onto two at its spaces: never cut at the chart's left edge.
    const lines = labelLines(label, labelWidth - 12);
    const lineYs = lines.length === 1 ? [middle + 4] : [middle - 2, middle + 11];
    parts.push(
      ...lines.map(
        (line, lineIndex) =>
          `<text class="label" x="${labelWidth - 8}" y="${lineYs[lineIndex]}" text-anchor="end" font-size="${lines.length === 1 ? 13 : 12}" fill="currentColor">${escapeXml(line)}</text>`,
      ),
      `<rect class="bar" data-code="${escapeXml(subject.code)}" x="${plotLeft}" y="${coordinate(middle - barHeight / 2)}"`,
      ` width="${length}" height="${barHeight}" fill="${barColour}"/>`,
      `<text class="value" x="${coordinate(plotLeft + length + 6)}" y="${middle + 4}" font-size="12"`,
      ` fill="currentColor">${escapeXml(value)}</text>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

const letterSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const lettersOf = (text: string) => [...letterSegmenter.segment(text)].map((part) => part.segment);

/**
 * How wide a text is drawn at 13 px, generously (the chart has no font metrics): a Latin letter or
 * digit 7.5 px, any other letter (a Bangla cluster) 11 px.
 */
export function estimatedWidth(text: string): number {
  return lettersOf(text).reduce((sum, letter) => sum + (/^[\x20-\x7e]$/.test(letter) ? 7.5 : 11), 0);
}

/** The start of a text that fits `width`, cut between letters, then "…". */
function shortened(text: string, width: number): string {
  if (estimatedWidth(text) <= width) return text;
  const letters = lettersOf(text);
  let kept = "";
  for (const letter of letters) {
    if (estimatedWidth(`${kept}${letter}…`) > width) break;
    kept += letter;
  }
  return `${kept.trimEnd()}…`;
}

/**
 * A subject's label in at most two lines that fit `width`, broken at spaces ("111 Islam and
 * Moral" / "Education"); only a name too long for both is shortened, at its end.
 */
export function labelLines(text: string, width: number): string[] {
  if (estimatedWidth(text) <= width) return [text];
  const words = text.split(/\s+/);
  let first = "";
  let index = 0;
  for (; index < words.length; index++) {
    const next = first ? `${first} ${words[index]}` : (words[index] ?? "");
    if (first && estimatedWidth(next) > width) break;
    first = next;
  }
  const rest = words.slice(index).join(" ");
  if (!rest) return [shortened(first, width)];
  return [shortened(first, width), shortened(rest, width)];
}
