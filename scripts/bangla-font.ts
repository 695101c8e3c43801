// The Bangla font as pages download it (docs/decisions/0067): Noto Sans Bengali Regular from
// @fontsource/noto-sans-bengali, cut at build time by HarfBuzz's subsetter (subset-font) to the
// characters a Bangla page draws with it, with every glyph its shaping rules reach (conjuncts,
// vowel signs, reph) and every layout feature, written as WOFF2. app/styles/fonts.css takes it
// from app/styles/fonts/built/ (not kept in git); its unicode-range is `unicodeRange` below.
// A Vite plugin: made before the CSS is read, by a build and by the development server alike.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

/**
 * The characters kept, as the @font-face's unicode-range: the danda and the double danda, the
 * whole Bengali block (its letters, signs and digits), the zero-width non-joiner and joiner (they
 * choose a conjunct's form) and the dotted circle (HarfBuzz and the browsers draw a lone vowel
 * sign on it). Not the font's Vedic marks, Devanagari's stress signs nor the rupee sign.
 */
export const ranges: readonly (readonly [number, number])[] = [
  [0x0964, 0x0965],
  [0x0980, 0x09ff],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
];

export const unicodeRange = ranges
  .map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to).slice(2)}`))
  .join(", ");

function hex(code: number) {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Every kept character, as the text the subsetter keeps the glyphs of. */
export function keptText(): string {
  let text = "";
  for (const [from, to] of ranges)
    for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return text;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const builtFont = path.join(
  repoRoot,
  "app",
  "styles",
  "fonts",
  "built",
  "noto-sans-bengali-400.woff2",
);

/** The font file the cut is made from. */
export function sourceFont(): string {
  return createRequire(import.meta.url).resolve(
    "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2",
  );
}

/**
 * Makes the cut unless the one there was made from the same file and characters (a stamp beside
 * it says which). Written to a temporary name first: two builds at once each leave a whole file.
 */
export async function makeBanglaFont(): Promise<{ file: string; bytes: number; made: boolean }> {
  const source = readFileSync(sourceFont());
  const text = keptText();
  const stamp = createHash("sha256").update(source).update(text).update("subset-font 2.9.0").digest("hex");
  const stampFile = `${builtFont}.stamp`;
  if (existsSync(builtFont) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp)
    return { file: builtFont, bytes: readFileSync(builtFont).length, made: false };
  const cut = await subsetFont(source, text, { targetFormat: "woff2" });
  mkdirSync(path.dirname(builtFont), { recursive: true });
  const temporary = `${builtFont}.${process.pid}.tmp`;
  writeFileSync(temporary, cut);
  renameSync(temporary, builtFont);
  writeFileSync(`${stampFile}.${process.pid}.tmp`, stamp);
  renameSync(`${stampFile}.${process.pid}.tmp`, stampFile);
  return { file: builtFont, bytes: cut.length, made: true };
}

export function banglaFont(): Plugin {
  return {
    name: "maktab-bangla-font",
    async buildStart() {
      await makeBanglaFont();
    },
  };
}
