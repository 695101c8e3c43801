// The Bangla font as pages download it (scripts/bangla-font.ts, docs/decisions/0067): a WOFF2 cut
// of Noto Sans Bengali Regular that covers the characters its @font-face names, shapes Bangla as
// the whole font does (conjuncts, reph, ya- and ra-phala, vowel signs, khanda ta), and is smaller.
// In Chromium: tests/e2e/home.test.ts ("the Bangla font") and tests/e2e/public-bundles.test.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import * as harfBuzz from "harfbuzzjs";
import subsetFont from "subset-font";
import { beforeAll, describe, expect, it } from "vitest";
import { keptText, makeBanglaFont, sourceFont, unicodeRange } from "../../scripts/bangla-font";
import { woffToSfnt } from "../../server/pdf/woff";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Bangla words and signs that need the font's shaping rules, and digits and dandas. */
const samples = [
  "আমাদের শিক্ষকবৃন্দ",
  "জ্ঞান",
  "বিদ্যালয়",
  "মাদ্রাসা",
  "স্ত্রী",
  "কর্মকর্তা",
  "ক্ষমা",
  "ক্‌ষ",
  "উৎসব",
  "সঙ্গীত",
  "ব্রাহ্মণ",
  "কৌশল",
  "ষ্ণ ঙ্ক হ্ম ন্ত্র ক্ত ত্ত",
  "রুপি রূপ গু শৃ হৃ",
  "ি",
  "১ বৈশাখ ১৪৩৩।",
  "০১২৩৪৫৬৭৮৯ ৳ ॥",
];

type Shaped = { count: number; advances: number[]; offsets: number[] };

function shaper(sfnt: Uint8Array) {
  const font = new harfBuzz.Font(new harfBuzz.Face(new harfBuzz.Blob(sfnt)));
  const buffer = new harfBuzz.Buffer();
  return (text: string): Shaped => {
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    harfBuzz.shape(font, buffer);
    const positions = buffer.getGlyphPositions();
    // A zero-width joiner or non-joiner is hidden as the font's space, or dropped where it has
    // none (the cut): the same drawing, so glyphs with no width and no offset are left out.
    const drawn = positions.filter(
      (position) => position.xAdvance !== 0 || position.xOffset !== 0 || position.yOffset !== 0,
    );
    return {
      count: drawn.length,
      advances: drawn.map((position) => position.xAdvance),
      offsets: drawn.flatMap((position) => [position.xOffset, position.yOffset]),
    };
  };
}

describe("the Bangla font pages download", () => {
  let cut: Uint8Array;
  let whole: Uint8Array;

  beforeAll(async () => {
    const made = await makeBanglaFont();
    cut = readFileSync(made.file);
    whole = readFileSync(sourceFont());
  });

  it("is a WOFF2 file a tenth smaller than the font it is cut from", () => {
    expect(Buffer.from(cut.subarray(0, 4)).toString("latin1")).toBe("wOF2");
    expect(cut.length).toBeLessThan(whole.length * 0.9);
    expect(cut.length).toBeLessThan(41 * 1024);
  });

  it("covers every character of the whole font that its @font-face names, and those only", () => {
    const css = readFileSync(path.join(repoRoot, "app", "styles", "fonts.css"), "utf8");
    const face = css.slice(0, css.indexOf("}", css.indexOf('font-family: "Noto Sans Bengali"')));
    expect(face).toContain(`unicode-range: ${unicodeRange};`);
    expect(face).toContain('url("./fonts/built/noto-sans-bengali-400.woff2")');
    const kept = new Set([...keptText()].map((char) => char.codePointAt(0)!));
    const wholeFont = fontkit.create(Buffer.from(whole)) as fontkit.Font;
    const cutFont = fontkit.create(Buffer.from(cut)) as fontkit.Font;
    // (fontkit lists U+FFFF, the end mark of a format 4 cmap, as a character.)
    const codes = (font: fontkit.Font) =>
      [...new Set(font.characterSet)].filter((code) => code !== 0xffff).sort((a, b) => a - b);
    const expected = codes(wholeFont).filter((code) => kept.has(code));
    expect(expected.length).toBeGreaterThan(90);
    expect(codes(cutFont)).toEqual(expected);
  });

  it("keeps every layout feature of the whole font", () => {
    const features = (font: fontkit.Font) =>
      ["GSUB", "GPOS"].map((table) =>
        [
          ...new Set(
            (font as unknown as Record<string, { featureList: { tag: string }[] }>)[table]!.featureList.map(
              (feature) => feature.tag,
            ),
          ),
        ].sort(),
      );
    const wholeFont = fontkit.create(Buffer.from(whole)) as fontkit.Font;
    const cutFont = fontkit.create(Buffer.from(cut)) as fontkit.Font;
    expect(features(cutFont)).toEqual(features(wholeFont));
    expect(features(cutFont)[0]).toEqual(expect.arrayContaining(["akhn", "blwf", "half", "pres", "rphf"]));
    expect(features(cutFont)[1]).toEqual(expect.arrayContaining(["abvm", "blwm", "mark"]));
  });

  it("shapes Bangla as the whole font does: the same glyphs, advances and mark positions", async () => {
    // HarfBuzz reads TrueType: the whole font from its WOFF (the same outlines and rules), the cut
    // made again as TrueType by the same call.
    const wholeWoff = readFileSync(
      createRequire(import.meta.url).resolve(
        "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff",
      ),
    );
    const shapeWhole = shaper(woffToSfnt(wholeWoff));
    const shapeCut = shaper(await subsetFont(whole, keptText(), { targetFormat: "sfnt" }));
    // Word by word: a page's spaces are drawn by another font (the cut has none).
    for (const word of samples.flatMap((text) => text.split(" ")))
      expect(shapeCut(word), word).toEqual(shapeWhole(word));
    // Conjuncts are made: fewer glyphs than characters.
    expect(shapeCut("শিক্ষকবৃন্দ").count).toBeLessThanOrEqual([..."শিক্ষকবৃন্দ"].length - 2);
  });
});
