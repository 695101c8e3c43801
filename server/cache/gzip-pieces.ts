// A gzip answer put together from pieces compressed once and bytes that differ per answer (a
// page template's pieces and a person's details, decision 0037): each piece is a raw deflate
// stream ended by a sync flush, so it ends on a byte boundary without ending the stream, and the
// bytes between pieces go in as stored blocks (RFC 1951, 3.2.4), as pigz joins its pieces. The
// answer costs a CRC-32 over its bytes instead of compressing them.
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

const deflateRawOnPool = promisify(deflateRaw);

/**
 * A piece as it is sent: its bytes (for the CRC and the length) and their deflate blocks, or
 * none when it is to be sent plain.
 */
export type GzipPiece = { raw: Buffer; deflated?: Buffer };

export const plainPiece = (text: string): GzipPiece => ({ raw: Buffer.from(text) });

/** Gives each piece its deflate blocks, on zlib's threads. */
export async function deflatePieces(pieces: GzipPiece[]): Promise<void> {
  const blocks = await Promise.all(
    pieces.map((piece) =>
      piece.raw.length === 0
        ? Buffer.alloc(0)
        : deflateRawOnPool(piece.raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    ),
  );
  pieces.forEach((piece, index) => {
    piece.deflated = blocks[index];
  });
}

// ID1 ID2, deflate, no flags, no time, no extra flags, unknown system (RFC 1952).
const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A last block, of fixed codes, that holds only the end-of-block code.
const lastBlock = Buffer.from([0x03, 0x00]);
const storedMax = 0xffff;

/** The gzip file of `parts` in order: compressed pieces, and plain bytes between them. */
export function gzipOf(parts: (GzipPiece | Buffer)[]): Buffer {
  const out: Buffer[] = [header];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    const raw = Buffer.isBuffer(part) ? part : part.raw;
    if (raw.length === 0) continue;
    crc = crc32(raw, crc);
    size += raw.length;
    if (!Buffer.isBuffer(part)) {
      if (!part.deflated) throw new Error("gzipOf: a piece without its deflate blocks");
      out.push(part.deflated);
      continue;
    }
    for (let at = 0; at < raw.length; at += storedMax) {
      const block = raw.subarray(at, at + storedMax);
      const head = Buffer.alloc(5);
      // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its complement.
      head.writeUInt16LE(block.length, 1);
      head.writeUInt16LE(~block.length & 0xffff, 3);
      out.push(head, block);
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  out.push(lastBlock, trailer);
  return Buffer.concat(out);
}
