// An admit card for an admission test (issue 38, stage 5): one A4 page, every label in English and
// Bangla, with the child's photo, the application number, the roll, the test's date, time and room
// (Dhaka time), and the instructions. Bangla is shaped by HarfBuzz through the PDF text writer.

import { bn } from "../../i18n/bn";
import type { MessageKey } from "../../i18n/en";
import { en } from "../../i18n/en";
import { translate } from "../../i18n/translate";
import { renderPdf } from "../pdf/document";
import type { TextWriter } from "../pdf/text-writer";
import { textsFor } from "../pdf/texts";

export type AdmitCardData = {
  school: string;
  admission: string;
  number: string;
  roll: number;
  className: string;
  childName: string;
  childNameBn: string;
  testAt: Date;
  room: string;
  instructions: string;
  /** The photo as a JPEG, when the application has one. */
  photo: Uint8Array | null;
};

const a4 = { width: 595.28, height: 841.89 };
const margin = 48;
const ink = "#1b1b1b";
const muted = "#555555";
const rule = "#8a8a8a";

const both = (key: MessageKey, vars: Record<string, string | number> = {}) =>
  `${translate(en, key, vars)} / ${translate(bn, key, vars)}`;

/** The test's date and time in Dhaka (UTC+6), as each language writes it. */
function whenIn(at: Date, language: "en" | "bn"): string {
  const format = new Intl.DateTimeFormat(language === "bn" ? "bn-BD" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Dhaka",
  });
  return format.format(at);
}

export async function admitCardPdf(card: AdmitCardData): Promise<Uint8Array> {
  const settings = {
    page: { size: "A4", layout: "portrait" as const, margin: 0 },
    lang: "en-GB",
    info: {
      Title: `${translate(en, "applications.card.title")}: ${card.number}`,
      Author: card.school,
      Subject: card.admission,
      Creator: "Maktab",
    },
  };
  return renderPdf(settings, (writer) => draw(writer, card));
}

function draw(writer: TextWriter, card: AdmitCardData) {
  const doc = writer.doc;
  const width = a4.width - 2 * margin;
  const bnDigits = textsFor("bn").digits;
  let top = margin;
  const line = (
    text: string,
    options: {
      size: number;
      weight?: "regular" | "bold";
      colour?: string;
      align?: "left" | "center";
      lines?: number;
      x?: number;
      width?: number;
    },
  ) => {
    const boxWidth = options.width ?? width;
    const fitted = writer.fit(text, {
      weight: options.weight ?? "regular",
      size: options.size,
      minSize: Math.min(options.size, 7),
      width: boxWidth,
      maxLines: options.lines ?? 1,
    });
    top = writer.drawLines(fitted, {
      x: options.x ?? margin,
      top,
      width: boxWidth,
      align: options.align ?? "left",
      colour: options.colour ?? ink,
    });
  };

  line(card.school, { size: 16, weight: "bold", align: "center" });
  line(card.admission, { size: 11, colour: muted, align: "center" });
  top += 6;
  line(both("applications.card.title"), { size: 14, weight: "bold", align: "center" });
  top += 10;
  doc
    .moveTo(margin, top)
    .lineTo(a4.width - margin, top)
    .strokeColor(rule)
    .lineWidth(0.8)
    .stroke();
  top += 14;

  // The photo at the right, the particulars at the left.
  const photoWidth = 110;
  const photoHeight = 140;
  const photoX = a4.width - margin - photoWidth;
  const photoTop = top;
  doc.rect(photoX, photoTop, photoWidth, photoHeight).strokeColor(rule).lineWidth(0.8).stroke();
  if (card.photo) {
    doc.image(Buffer.from(card.photo), photoX + 2, photoTop + 2, {
      fit: [photoWidth - 4, photoHeight - 4],
      align: "center",
      valign: "center",
    });
  } else {
    const saved = top;
    top = photoTop + photoHeight / 2 - 10;
    line(both("applications.card.noPhoto"), {
      size: 8,
      colour: muted,
      align: "center",
      x: photoX,
      width: photoWidth,
      lines: 2,
    });
    top = saved;
  }

  const labelWidth = 170;
  const valueX = margin + labelWidth + 8;
  const valueWidth = photoX - 12 - valueX;
  const rows: [MessageKey, string][] = [
    ["applications.card.number", `${card.number}  ·  ${bnDigits(card.number)}`],
    ["applications.card.roll", `${card.roll}  ·  ${bnDigits(String(card.roll))}`],
    ["applications.card.child", card.childName],
    ["applications.card.childBn", card.childNameBn],
    ["applications.card.class", card.className],
    ["applications.card.when", whenIn(card.testAt, "en")],
    ["applications.card.whenBn", whenIn(card.testAt, "bn")],
    ["applications.card.room", card.room],
  ];
  for (const [key, value] of rows) {
    const rowTop = top;
    line(both(key), { size: 9, colour: muted, width: labelWidth, lines: 2 });
    const labelEnd = top;
    top = rowTop;
    line(value, { size: 11, weight: "bold", x: valueX, width: valueWidth, lines: 2 });
    top = Math.max(top, labelEnd) + 4;
  }
  top = Math.max(top, photoTop + photoHeight) + 18;

  doc
    .moveTo(margin, top)
    .lineTo(a4.width - margin, top)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  top += 12;
  line(both("applications.card.instructionsHeading"), { size: 11, weight: "bold" });
  top += 4;
  const instructions = [
    translate(en, "applications.card.bring"),
    translate(bn, "applications.card.bring"),
    translate(en, "applications.card.early"),
    translate(bn, "applications.card.early"),
    ...card.instructions.split(/\r?\n/).filter((text) => text.trim()),
  ];
  for (const text of instructions) {
    line(`•  ${text}`, { size: 9.5, lines: 4 });
    top += 2;
    if (top > a4.height - margin - 80) break;
  }

  // The signatures at the foot of the page.
  const foot = a4.height - margin - 40;
  top = foot;
  doc
    .moveTo(margin, foot)
    .lineTo(margin + 160, foot)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  doc
    .moveTo(a4.width - margin - 160, foot)
    .lineTo(a4.width - margin, foot)
    .stroke();
  top = foot + 4;
  line(both("applications.card.guardianSignature"), { size: 8, colour: muted, width: 200 });
  top = foot + 4;
  line(both("applications.card.officeSignature"), {
    size: 8,
    colour: muted,
    width: 200,
    x: a4.width - margin - 200,
  });
}
