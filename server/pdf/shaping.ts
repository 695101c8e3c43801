// Shaping with HarfBuzz (harfbuzzjs, WebAssembly) in place of fontkit's own shaper, which gets
// Bengali wrong: স্ক্র comes out as ষ with a visible hasant, বহুনির্বাচনি gets its reph twice,
// দ্ধ and ন্ধ lose a piece of headline. pdfkit takes any font object with a `layout`, so each
// font's layout is this function (engine.ts).
import type * as Fontkit from "fontkit";
import type * as HarfBuzz from "harfbuzzjs";

/** What shaping needs of a font file: fontkit's font, HarfBuzz's, and a cache of nominal glyphs. */
export type ShapedFace = { font: Fontkit.Font; shaper: HarfBuzz.Font; fromNominal: Map<number, number> };

/**
 * A run shaped by HarfBuzz, in the form pdfkit reads from fontkit's layout: glyphs (with the
 * characters each stands for, for the font's ToUnicode map) and positions in font units.
 */
export function layoutWithHarfBuzz(
  harfBuzz: typeof HarfBuzz,
  buffer: HarfBuzz.Buffer,
  face: ShapedFace,
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
function characterMap(face: ShapedFace, text: string, infos: HarfBuzz.GlyphInfo[]): number[][] {
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

function nominalGlyph(face: ShapedFace, codePoint: number): number {
  let glyph = face.fromNominal.get(codePoint);
  if (glyph === undefined) {
    glyph = face.font.glyphForCodePoint(codePoint).id;
    face.fromNominal.set(codePoint, glyph);
  }
  return glyph;
}
