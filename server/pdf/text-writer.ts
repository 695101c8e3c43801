// Writing text on a PDF page: measuring, fitting into lines, drawing. pdfkit's text() is not used:
// - A shaped Bengali word is not its letters in order: ি in কিছু is drawn before its consonant
//   and ক্ষ is one glyph, so a PDF reader that goes by the glyphs gets "িকছু" or nothing. Each
//   such string is wrapped in a marked-content span whose /ActualText is the string itself.
//   Poppler (pdftotext, and the viewers built on it) applies /ActualText with the graphics state
//   in force at the span's end, so the span opens and closes inside the text object that draws
//   the glyphs; pdfkit's text() ends its own text object first, hence the glyph writer below.
import type { Face, Weight } from "./engine";

export type Fitted = { lines: string[]; size: number; weight: Weight };

/** The baseline that centres a line of text of this size in a box. */
export function baselineIn(top: number, height: number, size: number): number {
  return top + height / 2 + size * 0.34;
}

const lineSpacing = 1.4;

export function linesHeight(fitted: Fitted): number {
  return fitted.lines.length * fitted.size * lineSpacing;
}

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
