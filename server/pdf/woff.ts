// WOFF 1 to TrueType: the fonts come as @fontsource ships them (WOFF, each table compressed on
// its own), and HarfBuzz reads only the TrueType (sfnt) font inside.
import { inflateSync } from "node:zlib";

/** A WOFF 1 file as the TrueType font inside it: HarfBuzz reads only the latter. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("Not a WOFF file");
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = view.getUint32(entry + 4);
    const stored = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    const data = woff.subarray(offset, offset + stored);
    return {
      tag: view.getUint32(entry),
      checksum: view.getUint32(entry + 16),
      data: stored < length ? new Uint8Array(inflateSync(data)) : data,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const sfnt = new Uint8Array(tables.reduce((sum, table) => sum + padded(table.data.length), headerLength));
  const out = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, view.getUint32(4));
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const entry = 12 + index * 16;
    out.setUint32(entry, table.tag);
    out.setUint32(entry + 4, table.checksum);
    out.setUint32(entry + 8, offset);
    out.setUint32(entry + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  }
  return sfnt;
}
