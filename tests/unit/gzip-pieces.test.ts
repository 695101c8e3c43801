// A gzip answer put together from pieces compressed once and plain bytes between them
// (server/cache/gzip-pieces.ts) is one valid gzip file: gunzip checks its CRC and length.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePieces, gzipOf, plainPiece } from "../../server/cache/gzip-pieces";

/** A piece with its deflate blocks, as a template's pieces are once it is used again. */
async function compressPiece(text: string) {
  const piece = plainPiece(text);
  await deflatePieces([piece]);
  return piece;
}

describe("a gzip answer of pieces", () => {
  it("unzips to the pieces and the bytes between them, in order", async () => {
    const texts = ["<html><body><p>", "", "</p><p>ফলাফল প্রকাশিত 😀</p>", "</body></html>"];
    const between = ["Rahim <b>&amp;", "করিম", "x".repeat(70_000)];
    const pieces = await Promise.all(texts.map(compressPiece));
    const parts = pieces.flatMap((piece, index) => {
      const text = between[index];
      return text === undefined ? [piece] : [piece, Buffer.from(text)];
    });
    const expected = texts.map((text, index) => text + (between[index] ?? "")).join("");
    expect(gunzipSync(gzipOf(parts)).toString()).toBe(expected);
  });

  it("is smaller than the page when the pieces are most of it", async () => {
    const page = "<li>Notice about the half-yearly examination</li>".repeat(2_000);
    const answer = gzipOf([await compressPiece(page), Buffer.from("Salma"), await compressPiece(page)]);
    expect(answer.length).toBeLessThan((page.length * 2) / 50);
    expect(gunzipSync(answer).toString()).toBe(`${page}Salma${page}`);
  });

  it("refuses a piece meant to be sent plain", () => {
    expect(() => gzipOf([plainPiece("<p>")])).toThrow(/deflate/);
  });
});
