// The sample records' pictures, drawn at start: a landscape with a motif, the kind's label and
// the title, or a portrait with initials (people); encoded like an upload and stored.
import { encodeVariants, loadSharp } from "../files/images";
import type { FileStorage } from "../files/storage";
import { type StoredImageValues, slugify, writeImageVariants } from "../files/uploads";
import { escapeXml } from "../xml";

/** A kind's pictures: its hue, its label, portraits or not, and the name that seeds the shapes. */
export type PictureStyle = { hue: number; label: string; square?: boolean; name: string };

// Drawn at 960 px: the variants are then 320, 640 and 960 px WebP and a 640 px JPEG.
const largestWidth = 960;

/** Draws the illustration at 960 px, encodes it like an upload and writes every variant. */
export async function writeImage(
  files: FileStorage,
  style: PictureStyle,
  index: number,
  title: string,
): Promise<StoredImageValues> {
  const svg = style.square ? portraitSvg(style, index, title) : landscapeSvg(style, index, title);
  const sourceWidth = style.square ? 800 : 1280;
  // Rasterise the vector straight at the largest width (sharper and cheaper than rendering at
  // 1280 and shrinking); our own drawing needs none of processImage's checks, only its encoder.
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { density: (72 * largestWidth) / sourceWidth })
    .resize({ width: largestWidth })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = await encodeVariants(
    { data, width: info.width, height: info.height, channels: info.channels },
    { quick: true },
  );
  return writeImageVariants(files, image, `${slugify(title)}.svg`);
}

type Palette = { light: string; dark: string; accent: string; soft: string };

// Each record shifts its kind's hue a little so neighbouring cards do not look identical.
function paletteFor(style: PictureStyle, index: number): Palette {
  const hue = style.hue + ((index * 23) % 60) - 30;
  return {
    light: hsl(hue, 62, 48),
    dark: hsl(hue + 32, 58, 22),
    // An analogous tint: a complementary one turns grey where it is drawn half transparent.
    accent: hsl(hue + 50, 85, 68),
    soft: hsl(hue - 12, 70, 88),
  };
}

const fontFamily = "DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif";

function landscapeSvg(style: PictureStyle, index: number, title: string): string {
  const width = 1280;
  const height = 800;
  const colours = paletteFor(style, index);
  const random = seededRandom(`${style.name}:${title}`);
  const lines = wrapText(title, 26, 3);
  const lineHeight = 74;
  const firstBaseline = height - 96 - (lines.length - 1) * lineHeight;
  const motifs = [stars, arches, rings, blocks];
  const motif = motifs[index % motifs.length]!;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${firstBaseline + i * lineHeight}" font-family="${fontFamily}" font-size="62" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    gradientDefs(colours),
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    motif(width, height, colours, random),
    `<rect y="${firstBaseline - 150}" width="${width}" height="${height - firstBaseline + 150}" fill="#000000" fill-opacity="0.22"/>`,
    `<rect x="80" y="${firstBaseline - 112}" width="64" height="8" rx="4" fill="${colours.accent}"/>`,
    `<text x="80" y="${firstBaseline - 66}" font-family="${fontFamily}" font-size="30" font-weight="700" letter-spacing="4" fill="${colours.soft}">${escapeXml(style.label.toUpperCase())}</text>`,
    text,
    "</svg>",
  ].join("");
}

function portraitSvg(style: PictureStyle, index: number, name: string): string {
  const size = 800;
  const colours = paletteFor(style, index);
  const random = seededRandom(`${style.name}:${name}`);
  const initials = name
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase());
  const monogram = initials.length > 1 ? initials[0]! + initials[initials.length - 1]! : (initials[0] ?? "?");
  // Bold DejaVu Sans is about 0.66 em per character; keep the name inside the square.
  const nameSize = Math.min(60, Math.floor(700 / (Math.max(name.length, 1) * 0.66)));
  const dots = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * size);
    const y = Math.round(random() * 560);
    const r = Math.round(6 + random() * 18);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${(0.08 + random() * 0.14).toFixed(2)}"/>`;
  }).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    gradientDefs(colours),
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    dots,
    `<circle cx="400" cy="320" r="228" fill="none" stroke="${colours.accent}" stroke-opacity="0.6" stroke-width="10"/>`,
    `<circle cx="400" cy="320" r="200" fill="${colours.soft}"/>`,
    `<text x="400" y="372" text-anchor="middle" font-family="${fontFamily}" font-size="150" font-weight="700" fill="${colours.dark}">${escapeXml(monogram)}</text>`,
    `<text x="400" y="654" text-anchor="middle" font-family="${fontFamily}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>`,
    `<text x="400" y="722" text-anchor="middle" font-family="${fontFamily}" font-size="30" font-weight="700" letter-spacing="4" fill="${colours.soft}">${escapeXml(style.label.toUpperCase())}</text>`,
    "</svg>",
  ].join("");
}

function gradientDefs(colours: Palette): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.light}"/><stop offset="1" stop-color="${colours.dark}"/></linearGradient></defs>`;
}

type Motif = (width: number, height: number, colours: Palette, random: () => number) => string;

// Eight-pointed stars, a common motif of Islamic geometric art.
const stars: Motif = (width, height, colours, random) => {
  const star = (cx: number, cy: number, r: number, fill: string, opacity: number) =>
    [0, 45]
      .map(
        (angle) =>
          `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" transform="rotate(${angle} ${cx} ${cy})" fill="${fill}" fill-opacity="${opacity}"/>`,
      )
      .join("");
  const scattered = Array.from({ length: 6 }, () =>
    star(
      Math.round(random() * width),
      Math.round(random() * height * 0.42),
      Math.round(16 + random() * 34),
      "#ffffff",
      0.12,
    ),
  ).join("");
  return (
    star(width - 300, 240, 150, colours.accent, 0.4) + star(width - 300, 240, 80, "#ffffff", 0.35) + scattered
  );
};

// A row of arched windows, like the front of a madrasah building.
const arches: Motif = (width, _height, colours, random) => {
  const count = 4 + Math.floor(random() * 2);
  const archWidth = 120;
  const gap = 40;
  const start = width - 80 - count * archWidth - (count - 1) * gap;
  const top = 140;
  const bottom = 450;
  const windows = Array.from({ length: count }, (_, i) => {
    const x = start + i * (archWidth + gap);
    const r = archWidth / 2;
    return `<path d="M${x} ${bottom} V${top + r} A${r} ${r} 0 0 1 ${x + archWidth} ${top + r} V${bottom} Z" fill="#ffffff" fill-opacity="${i % 2 === 0 ? 0.2 : 0.3}"/>`;
  }).join("");
  // A dome with a finial above the middle of the row, drawn first so the arches sit in front.
  const centre = start + (count * archWidth + (count - 1) * gap) / 2;
  const domeRadius = 100;
  const dome =
    `<path d="M${centre - domeRadius} ${top + 40} A${domeRadius} ${domeRadius} 0 0 1 ${centre + domeRadius} ${top + 40} Z" fill="${colours.accent}" fill-opacity="0.5"/>` +
    `<rect x="${centre - 4}" y="${top + 40 - domeRadius - 40}" width="8" height="44" fill="${colours.accent}" fill-opacity="0.7"/>` +
    `<circle cx="${centre}" cy="${top + 40 - domeRadius - 46}" r="10" fill="${colours.accent}" fill-opacity="0.7"/>`;
  return (
    dome +
    windows +
    `<rect x="${start - 30}" y="${bottom}" width="${width - start - 50}" height="14" fill="#ffffff" fill-opacity="0.35"/>`
  );
};

// Concentric rings and a few dots.
const rings: Motif = (width, height, colours, random) => {
  const cx = width - 260;
  const cy = 230;
  const circles = [220, 170, 120, 70]
    .map(
      (r, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${i % 2 === 0 ? colours.accent : "#ffffff"}" stroke-width="14" stroke-opacity="0.35"/>`,
    )
    .join("");
  const dots = Array.from(
    { length: 10 },
    () =>
      `<circle cx="${Math.round(random() * width * 0.6)}" cy="${Math.round(random() * height * 0.45)}" r="${Math.round(8 + random() * 22)}" fill="#ffffff" fill-opacity="0.14"/>`,
  ).join("");
  return circles + dots;
};

// Stacked, slightly tilted blocks, like books on a desk.
const blocks: Motif = (width, _height, colours, random) => {
  const baseX = width - 520;
  const rows = Array.from({ length: 5 }, (_, i) => {
    const w = 300 + Math.round(random() * 120);
    const tilt = (random() * 6 - 3).toFixed(1);
    const y = 440 - i * 62;
    const fill = i % 2 === 0 ? colours.accent : "#ffffff";
    return `<rect x="${baseX + Math.round(random() * 40)}" y="${y}" width="${w}" height="50" rx="10" transform="rotate(${tilt} ${baseX + w / 2} ${y + 25})" fill="${fill}" fill-opacity="${i % 2 === 0 ? 0.45 : 0.25}"/>`;
  }).join("");
  const sun = `<circle cx="180" cy="150" r="90" fill="${colours.soft}" fill-opacity="0.25"/>`;
  return sun + rows;
};

/** Greedy word wrap; the last line ends with an ellipsis when the text does not fit. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
  return kept;
}

// Hex rather than CSS hsl(), which every SVG renderer understands.
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value =
      x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

// The same title always gets the same shapes, so the sample looks the same on every install.
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
