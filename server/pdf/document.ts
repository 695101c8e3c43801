// One PDF document, drawn by a layout (the marksheet, the tabulation, the merit list) through a
// text writer, and returned as bytes.
import { loadEngine } from "./engine";
import { TextWriter } from "./text-writer";

export type PdfSettings = {
  /** The first page's size, orientation and margin; a layout's added pages say their own. */
  page: { size: string; layout?: "portrait" | "landscape"; margin: number };
  /** The document's language (BCP 47: "en-GB", "bn-BD"), for screen readers. */
  lang: string;
  /** Shown as the window's title: Title. */
  info: { Title: string; Author: string; Subject: string; Creator: string };
};

export async function renderPdf(
  settings: PdfSettings,
  draw: (writer: TextWriter) => void,
): Promise<Uint8Array> {
  const engine = await loadEngine();
  const doc = new engine.PDFDocument({
    ...settings.page,
    // No default font: pdfkit would otherwise read and parse Helvetica's metrics for every file.
    font: "",
    lang: settings.lang,
    displayTitle: true,
    info: settings.info,
  });
  const chunks: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  draw(new TextWriter(doc, engine.faces));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
