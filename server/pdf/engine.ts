// The PDF engine: pdfkit, and the fonts it draws with. The font is Noto Sans Bengali as
// @fontsource ships it: one WOFF per script, each keeping its OpenType tables. The Bengali file
// has no Latin letters, digits or punctuation, so a string is drawn in runs, each in the first
// file that has its characters (text-writer.ts). pdfkit writes the document and subsets the
// fonts; HarfBuzz shapes every run (shaping.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";
import type PDFDocumentClass from "pdfkit";
import { layoutWithHarfBuzz, type ShapedFace } from "./shaping";
import { woffToSfnt } from "./woff";

export type Weight = "regular" | "bold";

/** One Fontsource file: fontkit's font for pdfkit (subsetting, widths), HarfBuzz's for shaping. */
export type Face = ShapedFace & { name: string };

export type Engine = {
  PDFDocument: typeof PDFDocumentClass;
  faces: Record<Weight, Face[]>;
};

/** The files in the order a character looks for its glyph: Bengali first, then the Latin ones. */
const scripts = ["bengali", "latin", "latin-ext"] as const;
const weights: Record<Weight, number> = { regular: 400, bold: 700 };

let engine: Promise<Engine> | undefined;

/** Loaded on the first PDF, not when the server starts: the fonts and HarfBuzz's WebAssembly. */
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
